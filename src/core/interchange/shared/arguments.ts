/**
 * Tool call arguments: the model keeps the text the author wrote (see docs/formats.md, 'All formats: tool-call arguments are kept as the author's text').
 * Dialects that carry an object (Anthropic `input`, spec 002 `arguments`) get the parsed value;
 * an object from the source becomes JSON text the way Python's `json.dumps` writes it (the
 * text Apertus and RWKV data shows), via `pythonJsonText`.
 */
import { pythonJsonText } from '../apertus-json/index.ts';
import { isObject, tryParseJson, type JsonObject } from '../../shared/json.ts';

export { pythonJsonText };

/** Arguments text from a source value: strings as written, anything else as JSON text. */
export function argumentsText(value: unknown): { text: string; wasObject: boolean } {
  if (typeof value === 'string') return { text: value, wasObject: false };
  return { text: value === undefined ? '' : pythonJsonText(value), wasObject: isObject(value) };
}

/** The arguments as a JSON object, or undefined when the text is not one. */
export function argumentsObject(text: string): JsonObject | undefined {
  const parsed = tryParseJson(text);
  return parsed && isObject(parsed.value) ? parsed.value : undefined;
}
