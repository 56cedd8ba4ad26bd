/**
 * Statuses written into an exported dataset: each reviewed record of the file gets a top-level
 * field, named by the person, holding its verdict (`"review": "done"`). The record's bytes are
 * kept but for the field: it is added before the closing brace, or, when the record already has
 * the field, the record is written again with it set (its number spellings kept).
 */
import { numberSpellings, stringifyJson } from '../../core/index.ts';

/** A field name a person can pick: not empty, not longer than a key anyone reads. */
export const STATUS_FIELD_MAX = 64;

export function statusFieldProblem(field: string): string | undefined {
  if (field.trim() === '') return 'Give the field a name.';
  if (field.length > STATUS_FIELD_MAX) return `A field name of at most ${STATUS_FIELD_MAX} characters.`;
  return undefined;
}

/** `text` (one JSON object) with `field` set to `status`; undefined when the record is not an object (it is written as it is). */
export function withStatusField(text: string, field: string, status: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (Object.hasOwn(value, field)) return stringifyJson({ ...(value as Record<string, unknown>), [field]: status }, { spellings: numberSpellings(text) });
  const end = text.lastIndexOf('}');
  const empty = Object.keys(value).length === 0;
  return `${text.slice(0, end)}${empty ? '' : ','}${JSON.stringify(field)}:${JSON.stringify(status)}${text.slice(end)}`;
}
