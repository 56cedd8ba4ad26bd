import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODECS } from '../../interchange/registry.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { encodeRecordLine } from '../record-encode.ts';
import { compileQuery } from './query.ts';
import { replaceInRecord } from './replace.ts';
import { readForSearch } from './search-record.ts';
import { conversation, letters } from './test-records.ts';
import { textFields } from './text-fields.ts';

/**
 * The record with every text emptied, and without the model's ids (new at each decode) and
 * the readers' shape notes (`sharegptShape`, …: how the source wrote a value, kept for writing it
 * back the same way; a ShareGPT call's note holds its raw text): what a replace must not change.
 */
function skeleton(record: ParleyRecord): unknown {
  // The model's text keys, listed here rather than taken from text-fields.ts, which is under test.
  const text = new Set(['text', 'arguments', 'output', 'prefix', 'middle', 'suffix']);
  return JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'id' || key.endsWith('Shape') ? undefined : text.has(key) && typeof value === 'string' ? '' : value)));
}

/** The key paths of a JSON value (`messages.0.content`), sorted. */
function keyPaths(value: unknown, at = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => keyPaths(item, `${at}.${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(`${at}.${key}`);
      keyPaths(item, `${at}.${key}`, out);
    }
  }
  return out.sort();
}

describe('replace property', () => {
  it('changes text fields only: the same keys, roles, ids, names and structure, in every dialect', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom(...CODECS), fc.nat(), fc.nat(), fc.nat(), letters, fc.boolean(), (record, codec, pick, from, length, template, caseSensitive) => {
        const line = JSON.stringify(codec.encode(record).json);
        const read = readForSearch(line);
        if (!read) return;
        const fields = textFields(read.record).filter((f) => f.kind === 'text' && f.text.length > 0);
        const field = fields[pick % Math.max(fields.length, 1)];
        if (!field) return;
        // Whole characters: a search in Unicode mode never matches half of a surrogate pair.
        const chars = Array.from(field.text);
        const start = from % chars.length;
        const needle = chars.slice(start, start + 1 + (length % 6)).join('');
        const compiled = compileQuery({ pattern: needle, regex: false, caseSensitive });
        if (!compiled.ok) return;
        const replaced = replaceInRecord(read.record, read.dialect, read.json, compiled.matcher, template);
        // The needle is in a text field: there is at least that place.
        expect(replaced?.places ?? 0).toBeGreaterThanOrEqual(1);
        if (!replaced) return;
        const unchanged = encodeRecordLine(read.record, read.dialect, read.json).text;
        expect(keyPaths(JSON.parse(replaced.text))).toEqual(keyPaths(JSON.parse(unchanged)));
        const again = readForSearch(replaced.text);
        expect(again?.dialect).toBe(read.dialect);
        expect(skeleton(again?.record as ParleyRecord)).toEqual(skeleton(read.record));
        // And the text put in is there.
        expect(textFields(again?.record as ParleyRecord).some((f) => f.text.includes(template))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});
