/**
 * The official Apertus chat template, rendered by `@huggingface/jinja` (the reference for
 * Parley's native renderer). The template is read from the reference directory, never copied
 * into the repo: `<repo>/../shared/reference/apertus/chat_template.jinja`, or
 * `$PARLEY_REFERENCE_DIR/apertus/chat_template.jinja`. `referenceAvailable` says whether it is
 * there; tests that need it skip otherwise.
 *
 * Pinning the date: the template calls `strftime_now('%Y-%m-%d')`, which `@huggingface/jinja`
 * defines itself (passing `strftime_now` in the context throws "Variable already declared").
 * We replace exactly that one call in the template source with a context variable,
 * `parley_reference_date`, and fail loudly if the call is not found exactly once. This works
 * the same under vitest, tsx scripts and benchmarks (a fake clock would only work in vitest)
 * and changes nothing else of the template.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Template } from '@huggingface/jinja';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATE_CALL = "strftime_now('%Y-%m-%d')";
const DATE_VARIABLE = 'parley_reference_date';

export const referenceDir: string = process.env.PARLEY_REFERENCE_DIR ?? join(REPO_ROOT, '..', 'shared', 'reference');
export const templatePath: string = join(referenceDir, 'apertus', 'chat_template.jinja');
export const referenceAvailable: boolean = existsSync(templatePath);
export const SKIP_REASON = `reference template not found at ${templatePath} (set PARLEY_REFERENCE_DIR)`;

/** The render options, named as the template's context variables. */
export interface ReferenceOptions {
  bosToken: string;
  enableThinking: boolean;
  addGenerationPrompt: boolean;
  /** Required here: reference renders are always pinned. */
  date: string;
}

let template: Template | undefined;

/** The template source with the date call replaced (see the file comment). */
export function referenceSource(): string {
  const source = readFileSync(templatePath, 'utf8');
  const parts = source.split(DATE_CALL);
  if (parts.length !== 2) throw new Error(`expected exactly one ${DATE_CALL} in ${templatePath}, found ${parts.length - 1}`);
  return parts.join(DATE_VARIABLE);
}

/** The parsed template (parsed once). */
export function referenceTemplate(): Template {
  template ??= new Template(referenceSource());
  return template;
}

/**
 * Renders Apertus JSON (`{messages, tools?}` or a bare messages array) as `ApertusFormatter`
 * would. Throws what the template raises.
 */
export function renderReference(json: unknown, options: ReferenceOptions): string {
  const { messages, tools } = Array.isArray(json) ? { messages: json, tools: undefined } : (json as { messages: unknown; tools?: unknown });
  const context: Record<string, unknown> = {
    messages,
    bos_token: options.bosToken,
    enable_thinking: options.enableThinking,
    add_generation_prompt: options.addGenerationPrompt,
    [DATE_VARIABLE]: options.date,
  };
  if (tools !== undefined) context.tools = tools;
  return referenceTemplate().render(context);
}
