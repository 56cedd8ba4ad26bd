import { describe, expect, it } from 'vitest';
import { decodeRecordBytes, fingerprintBytes, recordLine } from '../../core/index.ts';
import type { RowContent } from '../store/index.ts';
import { rowContent } from './row-content.ts';
import { checkRecords, indexChunks } from './worker-logic.ts';

const encoder = new TextEncoder();
const PROFILE = { formatId: 'apertus' };

async function* chunksOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

const good = (text: string) => JSON.stringify({ messages: [{ role: 'user', content: text }, { role: 'assistant', content: 'ok' }] });
const FILE = `\uFEFF${good('first')}\r\n\n{"messages": [\n${good('  last   one ')}`;
const BYTES = encoder.encode(FILE);

describe('indexChunks', () => {
  it('indexes and fingerprints a stream cut anywhere, as one pass over the whole file would', async () => {
    const progress: number[] = [];
    const { index, fingerprint } = await indexChunks(chunksOf(BYTES, 7), 'jsonl', (bytes) => progress.push(bytes), () => 0);
    expect(index.records.count).toBe(4);
    expect(index.bomLength).toBe(3);
    expect([0, 1, 2, 3].map((i) => index.records.blank(i))).toEqual([false, true, false, false]);
    expect(fingerprint).toEqual(fingerprintBytes(BYTES));
    // Progress is throttled (the clock never moves here): only the final count is reported.
    expect(progress).toEqual([BYTES.length]);
  });
});

describe('checkRecords', () => {
  it('decodes every record from windows of the file, in order, with line numbers, in batches', async () => {
    const { index } = await indexChunks(chunksOf(BYTES, 1000), 'jsonl', () => {});
    const reads: [number, number][] = [];
    const emitted: [number, RowContent[]][] = [];
    await checkRecords(index, {
      read: async (start, end) => {
        reads.push([start, end]);
        return BYTES.slice(start, end);
      },
      decode: (bytes, line) => decodeRecordBytes(bytes, line),
      content: (result) => rowContent(result, PROFILE),
      emit: (from, contents) => emitted.push([from, contents]),
      onProgress: () => {},
      line: (i) => recordLine(index, i),
      // A window smaller than a record: a long record is read alone, the short blank and bad lines together.
      windowBytes: 40,
      batch: 3,
    });
    const { records } = index;
    expect(reads).toEqual([
      [records.start(0), records.end(0)],
      [records.start(1), records.end(2)],
      [records.start(3), records.end(3)],
    ]);
    expect(records.end(0) - records.start(0)).toBeGreaterThan(40);
    expect(emitted.map(([from, contents]) => [from, contents.length])).toEqual([
      [0, 3],
      [3, 1],
    ]);
    const all = emitted.flatMap(([, contents]) => contents);
    expect(all[0]?.summary?.preview).toBe('first');
    expect(all[1]).toEqual({});
    expect(all[2]?.problem?.message).toMatch(/^Line 3: not valid JSON/);
    expect(all[3]?.summary?.preview).toBe('last one');
  });

  it('reads many records in one window when they fit', async () => {
    const { index } = await indexChunks(chunksOf(BYTES, 1000), 'jsonl', () => {});
    let reads = 0;
    await checkRecords(index, {
      read: async (start, end) => {
        reads++;
        return BYTES.slice(start, end);
      },
      decode: (bytes, line) => decodeRecordBytes(bytes, line),
      content: (result) => rowContent(result, PROFILE),
      emit: () => {},
      onProgress: () => {},
      line: (i) => recordLine(index, i),
    });
    expect(reads).toBe(1);
  });

  it('shares the stripes of records between the parts: each part checks its own, together every record once', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => good(`record ${i}`));
    const bytes = encoder.encode(lines.join('\n'));
    const { index } = await indexChunks(chunksOf(bytes, 1000), 'jsonl', () => {});
    const run = async (part: number, parts: number) => {
      const emitted: [number, RowContent[]][] = [];
      const progress: number[] = [];
      await checkRecords(index, {
        read: async (start, end) => bytes.slice(start, end),
        decode: (b, line) => decodeRecordBytes(b, line),
        content: (result) => rowContent(result, PROFILE),
        emit: (from, contents) => emitted.push([from, contents]),
        onProgress: (done) => progress.push(done),
        line: (i) => recordLine(index, i),
        batch: 3,
        part,
        parts,
      });
      return { emitted, progress };
    };
    const first = await run(0, 2);
    const second = await run(1, 2);
    // Stripes of 3 records: 0–2, 3–5, 6–8, 9; the first part takes stripes 0 and 2, the second 1 and 3.
    expect(first.emitted.map(([from, c]) => [from, c.length])).toEqual([
      [0, 3],
      [6, 3],
    ]);
    expect(second.emitted.map(([from, c]) => [from, c.length])).toEqual([
      [3, 3],
      [9, 1],
    ]);
    // Progress counts the part's own records, up to its share.
    expect(first.progress.at(-1)).toBe(6);
    expect(second.progress.at(-1)).toBe(4);
    const previews = [...first.emitted, ...second.emitted].flatMap(([from, c]) => c.map((row, k) => [from + k, row.summary?.preview]));
    expect(previews.sort((a, b) => (a[0] as number) - (b[0] as number)).map(([, p]) => p)).toEqual(lines.map((_, i) => `record ${i}`));
  });

  it('stops between windows when cancelled', async () => {
    const { index } = await indexChunks(chunksOf(BYTES, 1000), 'jsonl', () => {});
    const emitted: number[] = [];
    let reads = 0;
    await checkRecords(index, {
      read: async (start, end) => {
        reads++;
        return BYTES.slice(start, end);
      },
      decode: (bytes, line) => decodeRecordBytes(bytes, line),
      content: (result) => rowContent(result, PROFILE),
      emit: (from) => emitted.push(from),
      onProgress: () => {},
      line: (i) => recordLine(index, i),
      windowBytes: 1,
      batch: 1,
      cancelled: () => reads >= 2,
    });
    expect(reads).toBe(2);
    expect(emitted).toEqual([0, 1]);
  });
});
