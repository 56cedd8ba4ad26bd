/**
 * Searching one record: its text fields in scope when it reads as a conversation, its raw text
 * when it does not (a bad line is searched as the text it is, under the empty path, unless the
 * search names roles, tools or areas, which a bad line has none of). `key:` conditions are
 * tested on the record's JSON before it is decoded. Decoding here skips validation: a search
 * needs the fields, not the diagnostics.
 */
import type { FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { chooseDialect, type DialectContext } from '../../interchange/choose-dialect.ts';
import { findMatches } from './query.ts';
import type { Prefilter } from './prefilter.ts';
import { countPlaces, scopedMatches, type CompiledSearch } from './scope.ts';

export interface FieldMatch {
  /**
   * The field (text-fields.ts); without a text, the message (`role:`) or the call's arguments
   * (`tool:`); `[]` for the record itself (`key:` alone) or the raw text of a bad line.
   */
  path: FieldPath;
  /** In UTF-16 units from the start of the field's text (0, length 0, without a text). */
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
  const json = parseOrUndefined(text);
  return json === undefined ? undefined : readJson(json, context);
}

/** The conversation in a parsed line, or undefined when it is not one. */
export function readJson(json: unknown, context: DialectContext = {}): ReadRecord | undefined {
  try {
    const reading = chooseDialect(json, context);
    if (!reading?.decoded.record) return undefined;
    return { json, dialect: reading.codec.id, record: reading.decoded.record };
  } catch {
    // A reader's bug on one record: searched as text, like any record that cannot be read.
    return undefined;
  }
}

/** JSON.parse, undefined for text that is not JSON (JSON text never parses to undefined). */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Every place of `search` in a decoded record, in document order. `json` is the record's JSON,
 * for `key:` conditions; without it they are not tested (the record is known to pass them).
 */
export function searchRecord(record: ParleyRecord, search: CompiledSearch, json?: unknown): FieldMatch[] {
  if (json !== undefined && !search.keysHold(json)) return [];
  return scopedMatches(record, search);
}

/** Every place of `search` in a record's text (`[]` paths for a bad line's text). */
export function searchRecordText(text: string, search: CompiledSearch, context?: DialectContext): FieldMatch[] {
  const json = parseOrUndefined(text);
  if (json === undefined) return rawMatches(text, search, false);
  if (!search.keysHold(json)) return [];
  if (!search.text && !search.fieldScoped) return [{ path: [], offset: 0, length: 0 }];
  const read = readJson(json, context);
  if (read) return scopedMatches(read.record, search);
  return rawMatches(text, search, true);
}

/** How many places a record's text holds, 0 at once when the prefilter rules it out. */
export function countInRecordText(text: string, search: CompiledSearch, prefilter: Prefilter | undefined, context?: DialectContext): number {
  if (prefilter && !prefilter.mayMatch(text)) return 0;
  const json = parseOrUndefined(text);
  if (json === undefined) return rawMatches(text, search, false).length;
  if (!search.keysHold(json)) return 0;
  // Keys alone: the record is the place, and it need not be decoded.
  if (!search.text && !search.fieldScoped) return 1;
  const read = readJson(json, context);
  if (read) return countPlaces(read.record, search);
  return rawMatches(text, search, true).length;
}

/**
 * The matches in the raw text of a record that is not a conversation, for a text search that
 * names no role, tool or area (a bad line has none), and whose `key:` conditions, if any, held
 * on its JSON (`isJson`: a line that is not JSON has no keys).
 */
function rawMatches(text: string, search: CompiledSearch, isJson: boolean): FieldMatch[] {
  if (!search.text || search.fieldScoped) return [];
  if (search.scope.keys.length > 0 && !isJson) return [];
  return findMatches(text, search.text).map((match) => ({ path: [], ...match }));
}
