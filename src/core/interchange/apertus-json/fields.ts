/** Small helpers shared by the decoder's node readers. */
import type { Extra } from '../../model/types.ts';
import { pythonJsonText } from './json-text.ts';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of `source` that are not in `known`, or undefined when there are none. */
export function extraOf(source: JsonObject, known: readonly string[]): Extra | undefined {
  let extra: Extra | undefined;
  for (const [key, value] of Object.entries(source)) {
    if (known.includes(key)) continue;
    (extra ??= {})[key] = value;
  }
  return extra;
}

/** Adds `key: value` to an extra bag (creating it), for a known field whose value the model cannot hold. */
export function keepRaw(extra: Extra | undefined, key: string, value: unknown): Extra {
  return { ...extra, [key]: value };
}

/**
 * A text field that should be a string. Anything else was reported by the schema; its JSON
 * text is kept so that the value stays visible and editable (missing or null: empty).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return pythonJsonText(value);
}
