import { describe, expect, it } from 'vitest';
import { recordLine, writeDataset } from './dataset-index.ts';
import { indexJsonArray } from './json-array-scanner.ts';
import { indexJsonl } from './jsonl-indexer.ts';
import { concatParts } from './output-parts.ts';
import { RecordIndex } from './record-index.ts';
import { spans, text, utf8 } from './test-helpers.ts';

describe('RecordIndex', () => {
  it('grows past its first capacity and keeps offsets beyond 4 GB exact', () => {
    const index = new RecordIndex();
    const big = 5 * 2 ** 32 + 7;
    for (let i = 0; i < 3000; i++) index.append(big + i * 10, big + i * 10 + 9, 'lf', false);
    expect(index.count).toBe(3000);
    expect(index.start(2999)).toBe(big + 29990);
    expect(index.next(2999)).toBe(big + 30000);
  });

  it('says which terminator dominates: CRLF only when strictly more lines use it', () => {
    expect(indexJsonl(utf8('a\r\nb\nc\r\n')).records.dominantTerminator()).toBe('crlf');
    expect(indexJsonl(utf8('a\r\nb\n')).records.dominantTerminator()).toBe('lf');
    expect(indexJsonl(utf8('a')).records.dominantTerminator()).toBe('lf');
  });

  it('refuses an index out of range', () => {
    expect(() => indexJsonl(utf8('a\n')).records.start(1)).toThrow(RangeError);
  });

  it('goes to plain arrays and back (a worker posts them to the page)', () => {
    const { records } = indexJsonl(utf8('{"a":1}\r\n\n{"b":2}\r\n{"c":3}'));
    const data = records.toData();
    expect(data.starts).toHaveLength(4);
    const back = RecordIndex.fromData(structuredClone(data));
    expect(spans(back)).toEqual(spans(records));
    expect(back.dominantTerminator()).toBe('crlf');
    back.append(100, 101, 'lf', false);
    expect(back.count).toBe(5);
  });
});

describe('DatasetIndex', () => {
  it('gives the line of a record in both formats', () => {
    expect(recordLine(indexJsonl(utf8('a\nb\n')), 1)).toBe(2);
    expect(recordLine(indexJsonArray(utf8('[\n{"a":1},\n\n{"b":2}]')), 1)).toBe(4);
  });

  it('writes either format back', () => {
    const jsonl = utf8('{"a":1}\n{"b":2}\n');
    expect(text(concatParts(writeDataset(indexJsonl(jsonl), { deleted: new Set([0]) }), jsonl))).toBe('{"b":2}\n');
    const array = utf8('[{"a":1}, {"b":2}]');
    expect(text(concatParts(writeDataset(indexJsonArray(array), { deleted: new Set([0]) }), array))).toBe('[{"b":2}]');
  });
});
