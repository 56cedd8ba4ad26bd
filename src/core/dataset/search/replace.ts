/**
 * Replacing in one record: every non-empty match in its text fields (text-fields.ts), never in
 * keys, roles, ids or names. Tool-call arguments that are JSON change only inside their string
 * values, so a replace cannot rename an argument or break the JSON; arguments that are not JSON
 * are replaced as text. The record is then written back as one line in its own dialect with its
 * key order and unknown fields (encodeRecordLine).
 */
import type { ParleyRecord } from '../../model/types.ts';
import { encodeRecordLine } from '../record-encode.ts';
import { tryParseJson } from '../../shared/json.ts';
import { forEachMatch, type Matcher } from './query.ts';
import { expandReplacement } from './substitution.ts';
import { textFields, type TextField } from './text-fields.ts';

export interface TextReplaced {
  text: string;
  places: number;
}

/**
 * `text` with every non-empty match replaced by `template` (in a regular expression search,
 * `$1`, `$<name>`, `$&` and `$$` are expanded; a text search puts it as it is); `inside` limits the replaced matches to those it accepts. */
export function replaceInText(text: string, matcher: Matcher, template: string, inside?: (from: number, to: number) => boolean, escape?: (value: string) => string): TextReplaced {
  let out = '';
  let last = 0;
  let places = 0;
  forEachMatch(text, matcher, (match) => {
    const from = match.index;
    const to = from + match[0].length;
    if (inside && !inside(from, to)) return true;
    const value = matcher.query.regex ? expandReplacement(template, match, text) : template;
    out += text.slice(last, from) + (escape ? escape(value) : value);
    last = to;
    places++;
    return true;
  });
  return places === 0 ? { text, places } : { text: out + text.slice(last), places };
}

/**
 * Arguments text with matches replaced only inside JSON string values (never keys), and only
 * where the match holds no part of an escape (`\n`, `\"`), so the JSON stays valid; the new text is escaped
 * as a JSON string. Arguments that are not JSON are plain text.
 */
export function replaceInArguments(text: string, matcher: Matcher, template: string): TextReplaced {
  if (!tryParseJson(text)) return replaceInText(text, matcher, template);
  const spans = stringValueSpans(text);
  const escapes = [...text.matchAll(/\\(?:u[0-9a-fA-F]{4}|[^])/g)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  const inside = (from: number, to: number): boolean => spans.some(([start, end]) => from >= start && to <= end) && !escapes.some(([start, end]) => start < to && end > from);
  return replaceInText(text, matcher, template, inside, (value) => JSON.stringify(value).slice(1, -1));
}

/** The [start, end) of the contents of each string of valid JSON `text` that is a value, not a key. */
export function stringValueSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const containers: string[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (!expectKey) spans.push([i + 1, j]);
      i = j;
    } else if (c === '{') {
      containers.push('{');
      expectKey = true;
    } else if (c === '[') {
      containers.push('[');
      expectKey = false;
    } else if (c === '}' || c === ']') {
      containers.pop();
      expectKey = false;
    } else if (c === ',') {
      expectKey = containers[containers.length - 1] === '{';
    } else if (c === ':') {
      expectKey = false;
    }
  }
  return spans;
}

export interface RecordReplaced {
  /** The record's new line (its dialect, key order and unknown fields kept). */
  text: string;
  places: number;
}

/**
 * `record` (read as `dialect` from `json`) with the matches replaced, written as a line; undefined
 * when nothing in it matched. `inScope` limits the fields replaced in (a scoped search: `role:`,
 * `tool:`, `in:`). The record passed in is not changed.
 */
export function replaceInRecord(record: ParleyRecord, dialect: string, json: unknown, matcher: Matcher, template: string, originalText?: string, inScope?: (field: TextField) => boolean): RecordReplaced | undefined {
  const copy = structuredClone(record);
  let places = 0;
  for (const field of textFields(copy)) {
    if (inScope && !inScope(field)) continue;
    const replaced = field.kind === 'arguments' ? replaceInArguments(field.text, matcher, template) : replaceInText(field.text, matcher, template);
    if (replaced.places === 0) continue;
    field.set(replaced.text);
    places += replaced.places;
  }
  if (places === 0) return undefined;
  return { text: encodeRecordLine(copy, dialect, json, originalText).text, places };
}
