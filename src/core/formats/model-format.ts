/**
 * The format that matches a model the data names (`"model": "meta-llama/Llama-3.1-8B-Instruct"`,
 * `gpt-oss-20b`, `Qwen/Qwen2.5-7B-Instruct`): the app offers it in a notice, without switching
 * (issue 24). Only families whose chat template a format renders exactly are listed; a name
 * that matches none offers nothing.
 */

/** The model families and their format, most specific first (the first match wins). */
const FAMILIES: readonly { pattern: RegExp; formatId: string }[] = [
  // Llama 3.1, 3.2 and 3.3 share the header format of Llama 3.1's template; Llama 2 and 4 do not.
  { pattern: /llama[-_ ]?3(?:[._-]|$)/i, formatId: 'llama3' },
  { pattern: /gpt-oss/i, formatId: 'harmony' },
  // Qwen2, 2.5 and 3 (and QwQ) write ChatML turns.
  { pattern: /\bqwen(?:2|3)|\bqwq/i, formatId: 'chatml' },
  { pattern: /apertus/i, formatId: 'apertus' },
];

/** The format id for a model name, or undefined when no format matches it. */
export function formatForModel(model: string): string | undefined {
  return FAMILIES.find(({ pattern }) => pattern.test(model))?.formatId;
}

/** The model a JSON value names at its top (`model`, as OpenAI, Anthropic and Responses requests do), if any. */
export function modelNamedIn(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const model = (json as Record<string, unknown>).model;
  return typeof model === 'string' && model.trim() !== '' ? model : undefined;
}
