import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexJsonArray, JsonArrayScanner } from './json-array-scanner.ts';
import { writeJsonArray } from './json-array-writer.ts';
import { concatParts } from './output-parts.ts';
import { cutAt, spans, text, utf8 } from './test-helpers.ts';

function scanChunks(chunks: Uint8Array[]) {
  const scanner = new JsonArrayScanner();
  for (const chunk of chunks) scanner.push(chunk);
  return scanner.finish();
}

function recordTexts(input: string): string[] {
  const bytes = utf8(input);
  const index = indexJsonArray(bytes);
  expect(index.error).toBeUndefined();
  return Array.from({ length: index.records.count }, (_, i) => text(bytes.subarray(index.records.start(i), index.records.end(i))));
}

const TRICKY = `\uFEFF[
  {"messages": [{"role": "user", "content": "brackets ] } [ { and \\"quotes\\" and \\\\"}], "n": [[1, 2], {"a": []}]},
  {"s": "\\\\", "t": "é😀 \\u005d"}
]
`;

describe('JsonArrayScanner', () => {
  it('finds each top-level element, whatever brackets and escaped quotes its strings hold', () => {
    expect(recordTexts(TRICKY)).toEqual([
      '{"messages": [{"role": "user", "content": "brackets ] } [ { and \\"quotes\\" and \\\\"}], "n": [[1, 2], {"a": []}]}',
      '{"s": "\\\\", "t": "é😀 \\u005d"}',
    ]);
    const index = indexJsonArray(utf8(TRICKY));
    expect(index.bomLength).toBe(3);
    expect(index.lines).toEqual([2, 3]);
    expect(index.open).toBe(3);
  });

  it('gives the same ranges for every single cut and for byte-by-byte chunks', () => {
    const bytes = utf8(TRICKY);
    const whole = spans(indexJsonArray(bytes).records);
    for (let cut = 0; cut <= bytes.length; cut++) expect(spans(scanChunks(cutAt(bytes, [cut])).records), `cut at ${cut}`).toEqual(whole);
    const bytewise = scanChunks(cutAt(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)));
    expect(spans(bytewise.records)).toEqual(whole);
    expect(bytewise.lines).toEqual([2, 3]);
  });

  it('reads an empty array', () => {
    const index = indexJsonArray(utf8(' [ ] \n'));
    expect(index.error).toBeUndefined();
    expect(index.records.count).toBe(0);
    expect([index.open, index.close]).toEqual([1, 3]);
  });

  it.each([
    ['{"a": 1}', 'Expected a JSON array of records ("[") but found "{" at line 1, column 1 (byte 0)'],
    ['\n  [1, 2]', 'Expected record 1 to be an object ("{") but found "1" at line 2, column 4 (byte 4)'],
    ['[{"a": 1},\n {"b": 2},\n]', 'A comma before "]" (trailing commas are not JSON) at line 3, column 1 (byte 22)'],
    ['[{"a": 1} {"b": 2}]', 'Expected "," or "]" after record 1 but found "{" at line 1, column 11 (byte 10)'],
    ['[{"é": [1}]', 'Record 1: "}" does not close the array opened before it at line 1, column 10 (byte 10)'],
    ['[{"a": 1}] x', 'Expected nothing after the end of the array but found "x" at line 1, column 12 (byte 11)'],
    ['[{"a": "b}]', 'The file ends inside record 1 (it starts at line 1): a string is not closed at line 1, column 12 (byte 11)'],
    ['[{"a": 1},', 'The file ends inside the array: expected "]" at line 1, column 11 (byte 10)'],
    ['', 'The file is empty: expected a JSON array of records ("[") at line 1, column 1 (byte 0)'],
  ])('says where %j stops being an array of objects', (input, message) => {
    expect(indexJsonArray(utf8(input)).error?.message).toBe(message);
  });

  it('keeps the records before the error', () => {
    const index = indexJsonArray(utf8('[{"a": 1}, 2]'));
    expect(index.records.count).toBe(1);
    expect(index.error).toMatchObject({ offset: 11, line: 1, column: 12 });
  });
});

describe('JsonArrayScanner properties', () => {
  const recordArbitrary = fc.dictionary(fc.string({ unit: 'grapheme' }), fc.jsonValue(), { maxKeys: 4 });

  it('finds every record of any array of objects, however it is laid out and cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary, { maxLength: 6 }), fc.constantFrom(undefined, 2, '\t'), fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (records, indent, bom, rawCuts) => {
        const bytes = utf8((bom ? '\uFEFF' : '') + JSON.stringify(records, null, indent));
        const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const index = scanChunks(cutAt(bytes, cuts));
        expect(index.error).toBeUndefined();
        const found = Array.from({ length: index.records.count }, (_, i) => JSON.parse(text(bytes.subarray(index.records.start(i), index.records.end(i)))) as unknown);
        // Through JSON, as the file holds them (-0 is written 0).
        expect(found).toEqual(JSON.parse(JSON.stringify(records)));
        expect(spans(index.records)).toEqual(spans(indexJsonArray(bytes).records));
        expect(concatParts(writeJsonArray(index), bytes)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeJsonArray', () => {
  const input = '[\n  {"a": 1},\n  {"b": 2},\n  {"c": 3}\n]\n';
  const write = (source: string, edits: Parameters<typeof writeJsonArray>[1], options?: Parameters<typeof writeJsonArray>[2]) => {
    const bytes = utf8(source);
    return text(concatParts(writeJsonArray(indexJsonArray(bytes), edits, options), bytes));
  };

  it('writes an unedited file back as it was', () => {
    const bytes = utf8(TRICKY);
    expect(writeJsonArray(indexJsonArray(bytes))).toEqual([{ kind: 'original', start: 0, end: bytes.length }]);
  });

  it('replaces only an edited record, keeping the layout around it', () => {
    expect(write(input, { edited: new Map([[1, '{"b": 9}']]) })).toBe('[\n  {"a": 1},\n  {"b": 9},\n  {"c": 3}\n]\n');
  });

  it('deletes the first, middle or last record and stays valid JSON', () => {
    for (const deleted of [0, 1, 2]) {
      const out = write(input, { deleted: new Set([deleted]) });
      expect(JSON.parse(out)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }].filter((_, i) => i !== deleted));
    }
    expect(write(input, { deleted: new Set([2]) })).toBe('[\n  {"a": 1},\n  {"b": 2}\n]\n');
    expect(write(input, { deleted: new Set([0, 1, 2]) })).toBe('[\n  \n]\n');
  });

  it('inserts with the file\'s separator, and into an empty array', () => {
    expect(write(input, { inserted: new Map([[2, ['{"d": 4}']], [-1, ['{"z": 0}']]]) })).toBe('[\n  {"z": 0},\n  {"a": 1},\n  {"b": 2},\n  {"c": 3},\n  {"d": 4}\n]\n');
    expect(write('[]', { inserted: new Map([[-1, ['{"a":1}', '{"b":2}']]]) })).toBe('[{"a":1},{"b":2}]');
  });

  it('exports a subset', () => {
    expect(JSON.parse(write(input, {}, { only: new Set([0, 2]) }))).toEqual([{ a: 1 }, { c: 3 }]);
  });

  it('stays valid JSON with the same records as a model for random deletions and insertions', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20), { maxLength: 6 }), fc.array(fc.tuple(fc.integer({ min: -1, max: 2 }), fc.nat(99)), { maxLength: 4 }), (toDelete, toInsert) => {
        const deleted = new Set(toDelete.filter((i) => i < 3));
        const inserted = new Map<number, string[]>();
        for (const [after, n] of toInsert) inserted.set(after, [...(inserted.get(after) ?? []), `{"n": ${n}}`]);
        const model: unknown[] = [];
        (inserted.get(-1) ?? []).forEach((t) => model.push(JSON.parse(t)));
        [{ a: 1 }, { b: 2 }, { c: 3 }].forEach((record, i) => {
          if (!deleted.has(i)) model.push(record);
          (inserted.get(i) ?? []).forEach((t) => model.push(JSON.parse(t)));
        });
        expect(JSON.parse(write(input, { deleted, inserted }))).toEqual(model);
      }),
    );
  });

  it('refuses a file that is not an array of objects', () => {
    expect(() => writeJsonArray(indexJsonArray(utf8('[1]')))).toThrow(/could not be read as an array of records/);
  });
});
