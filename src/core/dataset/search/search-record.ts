/**
 * Searching one record: its text fields when it reads as a conversation, its raw text when it
 * does not (a bad line is searched as the text it is, under the empty path). Decoding here skips
 * validation: a search needs the fields, not the diagnostics.
 */
import type { FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { chooseDialect, type DialectContext } from '../../interchange/choose-dialect.ts';
import { findMatches, forEachMatch, type Matcher } from './query.ts';
import type { Prefilter } from './prefilter.ts';
import { textFields } from './text-fields.ts';

export interface FieldMatch {
  /** The field (text-fields.ts); `[]` for the raw text of a record that is not a conversation. */
  path: FieldPath;
  /** In UTF-16 units from the start of the field's text. */
  offset: number;
  length: number;
}

export interface ReadRecord {
  json: unknown;
  dialect: string;
  record: ParleyRecord;
}

/** The record in `text`, or undefined when it is not JSON or not a conversation. */
export function readForSearch(text: string, context: DialectContext = {}): ReadRecord | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  try {
    const reading = chooseDialect(json, context);
    if (!reading?.decoded.record) return undefined;
    return { json, dialect: reading.codec.id, record: reading.decoded.record };
  } catch {
    // A reader's bug on one record: searched as text, like any record that cannot be read.
    return undefined;
  }
}

/** Every match in `record`, field by field in document order. */
export function searchRecord(record: ParleyRecord, matcher: Matcher): FieldMatch[] {
  const out: FieldMatch[] = [];
  for (const field of textFields(record)) {
    for (const match of findMatches(field.text, matcher)) out.push({ path: field.path, ...match });
  }
  return out;
}

/** Every match in a record's text (`[]` paths when it cannot be read). */
export function searchRecordText(text: string, matcher: Matcher, context?: DialectContext): FieldMatch[] {
  const read = readForSearch(text, context);
  if (read) return searchRecord(read.record, matcher);
  return findMatches(text, matcher).map((match) => ({ path: [], ...match }));
}

/** How many matches a record's text holds, 0 at once when the prefilter rules it out. */
export function countInRecordText(text: string, matcher: Matcher, prefilter: Prefilter | undefined, context?: DialectContext): number {
  if (prefilter && !prefilter.mayMatch(text)) return 0;
  const read = readForSearch(text, context);
  if (!read) return count(text, matcher);
  let places = 0;
  for (const field of textFields(read.record)) places += count(field.text, matcher);
  return places;
}

function count(text: string, matcher: Matcher): number {
  let n = 0;
  forEachMatch(text, matcher, () => {
    n++;
    return true;
  });
  return n;
}
