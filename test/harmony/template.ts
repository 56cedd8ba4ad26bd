/**
 * The gpt-oss chat template (../shared/reference/harmony/gpt-oss-20b.chat_template.jinja),
 * rendered by `@huggingface/jinja`, with its one call `strftime_now("%Y-%m-%d")` replaced by a
 * context variable so that the date is pinned (as test/reference/apertus-template.ts does for
 * Apertus, for the same reason: the library defines `strftime_now` itself).
 */
import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
import { templatePath } from './reference.ts';

const DATE_CALL = 'strftime_now("%Y-%m-%d")';
const DATE_VARIABLE = 'parley_reference_date';

let template: Template | undefined;

export function gptOssTemplate(): Template {
  if (template) return template;
  const parts = readFileSync(templatePath, 'utf8').split(DATE_CALL);
  if (parts.length !== 2) throw new Error(`expected exactly one ${DATE_CALL} in ${templatePath}, found ${parts.length - 1}`);
  template = new Template(parts.join(DATE_VARIABLE));
  return template;
}

/** The template's render of `context` (messages, tools, add_generation_prompt, builtin_tools, …) on `date`. */
export function renderGptOss(context: Record<string, unknown>, date: string): string {
  return gptOssTemplate().render({ ...context, [DATE_VARIABLE]: date });
}
