/**
 * An edited record back to one JSONL line in its own dialect: the codec writes the record
 * (known fields and the unknown ones it kept in `extra`), then it is written with the keys in
 * the order the original record had them and each number the edit left alone spelled as in the
 * original line (`1.0`, `-0`, `1e5`, a 20-digit integer: `JSON.parse` keeps only the value), so
 * that a diff of the line shows only what was edited. Keys the original did not have follow the
 * ones it had, in the codec's order. (Integer-like keys, `"0"`, come first in a parsed object,
 * whatever the source order.) The writer has no recursion: a record nested 5,000 deep is
 * written like any other (shared/json-stringify.ts).
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import { findCodec } from '../interchange/registry.ts';
import { stringifyJson } from '../shared/json-stringify.ts';
import { numberSpellings } from '../shared/number-spellings.ts';

export interface EncodedLine {
  /** One line of JSON, no pretty printing, no terminator. */
  text: string;
  /** What the dialect could not write (none when the record was read from it and only edited). */
  diagnostics: Diagnostic[];
}

/**
 * `record` written in `dialect` (a codec id) as one line; `original` is the record's JSON as
 * it was read (DecodedRecord.json), whose key order is kept where keys survive, and
 * `originalText` the text it was read from (DecodedRecord.text), whose number spellings are
 * kept where the same path still holds the same value.
 */
export function encodeRecordLine(record: ParleyRecord, dialect: string, original?: unknown, originalText?: string): EncodedLine {
  const codec = findCodec(dialect);
  if (!codec) throw new Error(`encodeRecordLine: no dialect "${dialect}"`);
  const { json, diagnostics } = codec.encode(record);
  return { text: stringifyJson(json, { order: original, spellings: spellingsOf(originalText) }), diagnostics };
}

/**
 * The last text's spellings, kept: the app encodes a record twice in a row from the same
 * original (the edit, and the loaded record to see whether anything changed).
 */
let last: { text: string; spellings: ReturnType<typeof numberSpellings> } | undefined;

function spellingsOf(text: string | undefined): ReturnType<typeof numberSpellings> {
  if (text === undefined) return undefined;
  if (last?.text !== text) last = { text, spellings: numberSpellings(text) };
  return last.spellings;
}
