/**
 * The Hub chat templates and their expected renders from `@huggingface/jinja`'s own end-to-end
 * suite (`../shared/reference/hf-jinja-golden/hfjs_e2e_selected.json`, see SOURCES.md there):
 * `{model: {chat_template, data, target}}`. Read from the reference directory, never copied into
 * the repo; `goldenAvailable` says whether it is there (tests that need it skip otherwise).
 * `renderTemplate` renders a model's template with `@huggingface/jinja` (the reference for the
 * native ChatML-Qwen2.5 and Llama 3.1 renderers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Template } from '@huggingface/jinja';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const referenceDir: string = process.env.PARLEY_REFERENCE_DIR ?? join(REPO_ROOT, '..', 'shared', 'reference');
export const goldenPath: string = join(referenceDir, 'hf-jinja-golden', 'hfjs_e2e_selected.json');
export const goldenAvailable: boolean = existsSync(goldenPath);
export const GOLDEN_SKIP_REASON = `reference templates not found at ${goldenPath} (set PARLEY_REFERENCE_DIR)`;

export interface GoldenCase {
  chat_template: string;
  data: Record<string, unknown>;
  target: string;
}

let cases: Record<string, GoldenCase> | undefined;
const templates = new Map<string, Template>();

export function goldenCase(model: string): GoldenCase {
  cases ??= JSON.parse(readFileSync(goldenPath, 'utf8')) as Record<string, GoldenCase>;
  const found = cases[model];
  if (found === undefined) throw new Error(`no case ${model} in ${goldenPath}`);
  return found;
}

/** The model's template, parsed once. */
export function goldenTemplate(model: string): Template {
  let template = templates.get(model);
  if (template === undefined) {
    template = new Template(goldenCase(model).chat_template);
    templates.set(model, template);
  }
  return template;
}

/** Renders the model's template with `context` (messages, tools, options as template variables). Throws what the template raises. */
export function renderTemplate(model: string, context: Record<string, unknown>): string {
  return goldenTemplate(model).render(context);
}

export const QWEN25 = 'Qwen/Qwen2.5-7B-Instruct';
export const LLAMA31 = 'meta-llama/Llama-3.1-8B-Instruct';
