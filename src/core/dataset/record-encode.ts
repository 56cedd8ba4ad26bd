/**
 * An edited record back to one JSONL line in its own dialect: the codec writes the record
 * (known fields and the unknown ones it kept in `extra`), then the keys are put back in the
 * order the original record had them, so that a diff of the line shows only what was edited.
 * Keys the original did not have follow the ones it had, in the codec's order. (Integer-like
 * keys, `"0"`, always come first in a JavaScript object, whatever the source order.)
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import { findCodec } from '../interchange/registry.ts';
import { isObject, type JsonObject } from '../shared/json.ts';

export interface EncodedLine {
  /** One line of JSON, no pretty printing, no terminator. */
  text: string;
  /** What the dialect could not write (none when the record was read from it and only edited). */
  diagnostics: Diagnostic[];
}

/**
 * `record` written in `dialect` (a codec id) as one line; `original` is the record's JSON as
 * it was read (DecodedRecord.json), whose key order is kept where keys survive.
 */
export function encodeRecordLine(record: ParleyRecord, dialect: string, original?: unknown): EncodedLine {
  const codec = findCodec(dialect);
  if (!codec) throw new Error(`encodeRecordLine: no dialect "${dialect}"`);
  const { json, diagnostics } = codec.encode(record);
  const ordered = original === undefined ? json : inOriginalOrder(json, original);
  return { text: JSON.stringify(ordered), diagnostics };
}

/**
 * `value` with the keys of each object in the order of the matching object of `original`
 * (same path; array items matched by position), new keys last.
 */
export function inOriginalOrder(value: unknown, original: unknown): unknown {
  if (Array.isArray(value)) {
    if (!Array.isArray(original)) return value;
    return value.map((item, i) => (i < original.length ? inOriginalOrder(item, original[i]) : item));
  }
  if (!isObject(value) || !isObject(original)) return value;
  const ordered: JsonObject = {};
  for (const key of Object.keys(original)) {
    if (Object.prototype.hasOwnProperty.call(value, key)) setOwn(ordered, key, inOriginalOrder(value[key], original[key]));
  }
  for (const key of Object.keys(value)) {
    if (!Object.prototype.hasOwnProperty.call(ordered, key)) setOwn(ordered, key, value[key]);
  }
  return ordered;
}

/** `object[key] = value` that also works for a key named `__proto__` (JSON.parse makes it an own key). */
function setOwn(object: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
