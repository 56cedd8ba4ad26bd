/**
 * A template given in the Template view (typed, pasted, or opened from a file) into the Jinja
 * format's options: a tokenizer config is replaced by its chosen template, its special tokens
 * merged under the variables already given (those win), and its template names kept for the
 * choice offered beside the editor.
 */
import { chooseTemplate, readTemplateSource, type NamedTemplate } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { setTemplateOrigin } from './template-origin.ts';

function currentVariables(): Record<string, unknown> {
  const { formatOptions } = useAppStore.getState();
  const text = formatOptions.jinja?.variables;
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface TemplateInputResult {
  /** The named templates of a config (more than one: the view offers the choice). */
  templates: NamedTemplate[];
  /** A sentence when the text was a JSON object without a chat_template. */
  problem?: string;
}

/**
 * Sets the template (and a config's tokens) from `text`; the store must show the Jinja format.
 * A config is kept as the template's origin (the model it names, and `tokenizerFiles`, its
 * tokenizer.json when it came with one: the Token view's tokenizer for it).
 */
export function applyTemplateText(text: string, tokenizerFiles?: readonly File[]): TemplateInputResult {
  const { setFormatOption } = useAppStore.getState();
  const source = readTemplateSource(text);
  if (source.kind === 'template') {
    setFormatOption('template', source.template);
    return { templates: [] };
  }
  if (source.kind === 'invalid') {
    setFormatOption('template', text);
    return { templates: [], problem: source.message };
  }
  setTemplateOrigin({ templates: source.templates.map((named) => named.template), config: JSON.parse(text) as unknown, ...(tokenizerFiles ? { files: tokenizerFiles } : {}) });
  const chosen = chooseTemplate(source.templates);
  if (chosen) setFormatOption('template', chosen.template);
  setFormatOption('variables', JSON.stringify({ ...source.tokens, ...withoutTokens(currentVariables(), source.tokens) }, null, 1));
  return { templates: source.templates };
}

/** Variables given before, except the special tokens a new config brings (the config's own win over older ones). */
function withoutTokens(variables: Record<string, unknown>, tokens: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) if (!(key in tokens)) out[key] = value;
  return out;
}
