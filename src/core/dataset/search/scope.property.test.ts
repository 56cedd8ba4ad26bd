/**
 * Properties of scoped searches (search-syntax.ts, scope.ts): the raw-line prefilter never rules
 * out a record that a search with qualifiers and key conditions finds, in any dialect and however
 * the JSON is escaped; a field the qualifiers name is found; and a scoped replace changes no field
 * out of scope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODECS } from '../../interchange/registry.ts';
import { text as trickyText } from '../../interchange/shared/test-arbitraries.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { prefilterOf } from './prefilter.ts';
import { replaceInRecord } from './replace.ts';
import { compileSearch } from './scope.ts';
import { countInRecordText, readForSearch } from './search-record.ts';
import { conversation, escaping, letters, stringifyEscaping } from './test-records.ts';
import { textFields, type TextField } from './text-fields.ts';

/** A value quoted for the search box. */
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** Every key path of a JSON value with the value there (objects and arrays too). */
function leaves(value: unknown, at: string[] = [], out: [string[], unknown][] = []): [string[], unknown][] {
  if (at.length > 0) out.push([at, value]);
  if (Array.isArray(value)) value.forEach((item, i) => leaves(item, [...at, String(i)], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) leaves(item, [...at, key], out);
  return out;
}

/** A `key:` condition the line's JSON satisfies: a path, and its value whole, cut by a wildcard, or none. */
function keyCondition(json: unknown, pick: number, cut: number, form: number): string {
  const all = leaves(json);
  const [path, value] = all[pick % all.length] as [string[], unknown];
  const key = `key:${path.map(quoted).join('.')}`;
  const whole = typeof value === 'string' ? value : JSON.stringify(value);
  // Cut between whole characters (a lone half of a surrogate pair matches nothing in Unicode mode).
  const chars = Array.from(whole);
  const at = cut % (chars.length + 1);
  switch (form % 4) {
    case 0:
      return key;
    case 1:
      return `${key}=${quoted(whole)}`;
    case 2:
      return `${key}=${quoted(`${chars.slice(0, at).join('')}*`)}`;
    default:
      return `${key}=${quoted(`*${chars.slice(at).join('')}`)}`;
  }
}

/** Qualifiers the field fits: its role, its area, its tool, each or not. */
function qualifiersOf(field: TextField, which: number): string[] {
  const out: string[] = [];
  if (which & 1 && field.role !== undefined) out.push(`role:${quoted(field.role)}`);
  if (which & 2) out.push(`in:${field.area}`);
  if (which & 4 && field.tool !== undefined) out.push(`tool:${quoted(field.tool)}`);
  return out;
}

/** Records in every dialect, with tricky metadata (keys and values), written with other escapes. */
const line = fc
  .tuple(conversation, fc.constantFrom(...CODECS), escaping, fc.dictionary(fc.oneof(letters, trickyText), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
  .map(([record, codec, escape, meta]) => stringifyEscaping({ ...(codec.encode(record).json as object), x_meta: meta }, escape));

describe('scoped search properties', () => {
  it('the prefilter never rules out a record a scoped search finds, and the field searched is found', () => {
    fc.assert(
      fc.property(line, fc.nat(), fc.nat(), fc.nat(), fc.nat(7), fc.nat(), fc.nat(), fc.nat(), fc.boolean(), fc.boolean(), (line, pick, from, length, which, keyPick, cut, form, caseSensitive, withKey) => {
        const read = readForSearch(line);
        if (!read) return;
        const fields = textFields(read.record).filter((f) => f.text.length > 0);
        const field = fields[pick % Math.max(fields.length, 1)];
        if (!field) return;
        // Whole characters: a search in Unicode mode never matches half of a surrogate pair.
        const chars = Array.from(field.text);
        const start = from % chars.length;
        const needle = chars.slice(start, start + 1 + (length % 12)).join('');
        const words = [...qualifiersOf(field, which), ...(withKey ? [keyCondition(read.json, keyPick, cut, form)] : []), `text:${needle}`];
        const compiled = compileSearch({ pattern: words.join(' '), regex: false, caseSensitive });
        if (!compiled.ok) throw new Error(`${compiled.error} in ${words.join(' ')}`);
        const exact = countInRecordText(line, compiled.search, undefined);
        // The needle is in a field the qualifiers fit, and the key condition holds: found.
        expect(exact, words.join(' ')).toBeGreaterThan(0);
        const filter = prefilterOf(compiled.search);
        if (filter) expect(filter.mayMatch(line), `${words.join(' ')} in ${line}`).toBe(true);
        expect(countInRecordText(line, compiled.search, filter)).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });

  it('a key condition alone is found without a text, and its prefilter lets the record through', () => {
    fc.assert(
      fc.property(line, fc.nat(), fc.nat(), fc.nat(), fc.boolean(), (line, keyPick, cut, form, caseSensitive) => {
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          // stringifyEscaping writes a huge number as 1e+21e2, which is no JSON: no line to search.
          return;
        }
        const pattern = keyCondition(json, keyPick, cut, form);
        const compiled = compileSearch({ pattern, regex: false, caseSensitive });
        if (!compiled.ok) throw new Error(`${compiled.error} in ${pattern}`);
        expect(countInRecordText(line, compiled.search, undefined), pattern).toBe(1);
        expect(prefilterOf(compiled.search)?.mayMatch(line) ?? true, `${pattern} in ${line}`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a scoped replace changes no field out of scope', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom(...CODECS), fc.nat(), fc.nat(), fc.nat(7), letters, (record, codec, pick, other, which, template) => {
        const line = JSON.stringify(codec.encode(record).json);
        const read = readForSearch(line);
        if (!read) return;
        const fields = textFields(read.record).filter((f) => f.kind === 'text' && f.text.length > 0);
        const field = fields[pick % Math.max(fields.length, 1)];
        if (!field) return;
        // A needle that another field may hold too: one character of any field, so that fields out of scope match it.
        const all = textFields(read.record).filter((f) => f.text.length > 0);
        const source = all[other % all.length] as TextField;
        const needle = Array.from(source.text)[0] as string;
        const compiled = compileSearch({ pattern: [...qualifiersOf(field, which), `text:${needle}`].join(' '), regex: false, caseSensitive: true });
        if (!compiled.ok) throw new Error(compiled.error);
        const { search } = compiled;
        const replaced = replaceInRecord(read.record, read.dialect, read.json, search.text as NonNullable<typeof search.text>, template, undefined, search.inScope);
        if (!replaced) return;
        const again = readForSearch(replaced.text)?.record as ParleyRecord;
        const before = textFields(read.record);
        const after = textFields(again);
        expect(after.map((f) => f.path)).toEqual(before.map((f) => f.path));
        before.forEach((f, i) => {
          if (!search.inScope(f)) expect(after[i]?.text, `${f.path.join('.')} is out of scope`).toBe(f.text);
        });
      }),
      { numRuns: 1000 },
    );
  });
});
