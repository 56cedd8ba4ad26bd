/**
 * Where the Jinja format's template came from, when that says which tokenizer it has: the
 * tokenizer_config.json it was read from (the model it names) and the tokenizer.json dropped
 * with it. Kept for the templates of that config only: a template typed or pasted since is
 * another template, judged by itself (core/tokens/template-tokenizer.ts). Not saved (files
 * cannot be), and not undone.
 */
export interface TemplateOrigin {
  /** The config's templates (one, or its named ones). */
  templates: readonly string[];
  /** The parsed tokenizer_config.json. */
  config: unknown;
  /** Its tokenizer files (tokenizer.json with the config), when they came with it. */
  files?: readonly File[];
}

let origin: TemplateOrigin | undefined;
const listeners = new Set<() => void>();

export function setTemplateOrigin(next: TemplateOrigin | undefined): void {
  origin = next;
  listeners.forEach((listener) => listener());
}

/** The origin of `template`, when it is one of the config's. */
export function templateOrigin(template: string): TemplateOrigin | undefined {
  return origin?.templates.includes(template) ? origin : undefined;
}

export function onTemplateOrigin(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
