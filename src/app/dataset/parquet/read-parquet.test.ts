import { describe, expect, it, vi } from 'vitest';
import { JsonlIndexer, ParquetSource, RecordIndex, type LineChunk } from '../../../core/index.ts';
import { appendIndexPart } from './growing-index.ts';
import { chatParquet, chatRow } from '../../../core/dataset/source/parquet-fixture.ts';
import { openShards } from './shards.ts';
import { FIRST_ROWS_DIFFER, parquetLines, readParquetInParts, type GroupReader, type ParquetPart } from './read-parquet.ts';

describe('parquetLines', () => {
  it('makes one JSON line per row, a Blob per row group, over every shard in order, telling the bytes read', async () => {
    const rows = Array.from({ length: 13 }, (_, i) => chatRow(i));
    const blob = (from: number, to: number, group: number) => new Blob([chatParquet(rows.slice(from, to), group)]);
    const shards = await openShards([
      { name: '0000.parquet', blob: blob(0, 8, 3) },
      { name: '0001.parquet', blob: blob(8, 13, 4) },
    ]);
    const parts: Blob[] = [];
    const read: number[] = [];
    const indexer = new JsonlIndexer();
    for await (const bytes of parquetLines(shards, parts, (bytes) => read.push(bytes))) indexer.push(bytes);
    expect(parts).toHaveLength(5);
    const text = await new Blob(parts).text();
    expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line))).toEqual(rows.map((row) => ({ messages: row.messages })));
    expect(indexer.finish().records.count).toBe(13);
    expect(read).toHaveLength(5);
    expect(read.at(-1)).toBe(shards.conversationBytes);
    expect(shards.conversationBytes).toBeGreaterThan(0);
  });
});

describe('readParquetInParts', () => {
  const rows = Array.from({ length: 13 }, (_, i) => chatRow(i));
  const twoShards = () =>
    openShards([
      { name: '0000.parquet', blob: new Blob([chatParquet(rows.slice(0, 8), 3)]) },
      { name: '0001.parquet', blob: new Blob([chatParquet(rows.slice(8, 13), 4)]) },
    ]);

  it('sends the first row group at once, then the rest; the parts grow one index whose ids and offsets never move', async () => {
    const shards = await twoShards();
    const parts: ParquetPart[] = [];
    const page = new RecordIndex();
    let clock = 0;
    // Each row group takes 400 ms: with parts at most every 1000 ms, groups 1 (3 rows) then 4 (3+3+2+4+1) are sent, the rest at the end.
    const read = await readParquetInParts(shards, {
      onPart: (part) => {
        parts.push(part);
        appendIndexPart(page, part.part);
      },
      afterGroup: async () => {
        clock += 400;
      },
      now: () => clock,
      partInterval: 1000,
    });
    expect(parts.map((part) => [part.part.from, part.rowsRead])).toEqual([
      [0, 3],
      [3, 12],
    ]);
    expect(read.complete).toBe(true);
    expect(read.rowsRead).toBe(13);
    const whole = read.index.records;
    for (let i = 0; i < page.count; i++) expect([page.start(i), page.end(i)], `row ${i}`).toEqual([whole.start(i), whole.end(i)]);
    // The first part's JSON Lines are the first 3 rows, the record of row 2 cut from them at its offsets.
    const first = parts[0] as ParquetPart;
    expect(first.size).toBe(first.jsonl.size);
    expect(JSON.parse(await first.jsonl.slice(page.start(2), page.end(2)).text())).toEqual({ messages: rows[2]?.messages });
    expect(JSON.parse(await read.jsonl.slice(whole.start(12), whole.end(12)).text())).toEqual({ messages: rows[12]?.messages });
    expect(read.fingerprint.size).toBe(read.jsonl.size);
  });

  it('stopped, keeps and sends the rows read, and says it is not complete', async () => {
    const shards = await twoShards();
    const parts: ParquetPart[] = [];
    let groups = 0;
    const read = await readParquetInParts(shards, {
      onPart: (part) => parts.push(part),
      afterGroup: async () => {
        groups++;
      },
      stopped: () => groups === 2,
      now: () => 0,
    });
    expect(read.complete).toBe(false);
    expect(read.rowsRead).toBe(6);
    expect(parts.map((part) => [part.part.from, part.rowsRead])).toEqual([
      [0, 3],
      [3, 6],
    ]);
  });

  it('with firstRows, sends those rows before the first row group is read, and every row once, in order', async () => {
    const shards = await twoShards();
    const parts: ParquetPart[] = [];
    // Group sizes 3, 3, 2, 4, 1: 2 rows first, then the rest of the first group and the others, each row once.
    const read = await readParquetInParts(shards, { onPart: (part) => parts.push(part), firstRows: 2, now: () => 0, partInterval: 1e9 });
    expect(parts.map((part) => [part.part.from, part.rowsRead])).toEqual([[0, 2]]);
    expect(JSON.parse(await (parts[0] as ParquetPart).jsonl.text().then((text) => `[${text.trim().split('\n').join(',')}]`))).toEqual(rows.slice(0, 2).map((row) => ({ messages: row.messages })));
    const text = await read.jsonl.text();
    expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line))).toEqual(rows.map((row) => ({ messages: row.messages })));
    expect(read.index.records.count).toBe(13);
  });

  it('never reads past the first row group on its own', async () => {
    const shards = await twoShards();
    const parts: ParquetPart[] = [];
    await readParquetInParts(shards, { onPart: (part) => parts.push(part), firstRows: 1000, now: () => 0, partInterval: 1e9 });
    expect(parts.map((part) => [part.part.from, part.rowsRead])).toEqual([[0, 3]]);
  });

  it('makes the lines straight from the pages (no row group read as objects) when the columns have the usual shape', async () => {
    const shards = await twoShards();
    const asObjects = vi.spyOn(ParquetSource.prototype, 'readRowGroup');
    try {
      const read = await readParquetInParts(shards, { onPart: () => undefined, now: () => 0 });
      const text = await read.jsonl.text();
      expect(text.split('\n').slice(0, -1).map((line) => JSON.parse(line))).toEqual(rows.map((row) => ({ messages: row.messages })));
      expect(asObjects).not.toHaveBeenCalled();
    } finally {
      asObjects.mockRestore();
    }
  });

  /** A second reader over the same files, in this thread (the app's is another worker), recording what it is asked. */
  async function helperOver(fail = false): Promise<GroupReader & { asked: number[] }> {
    const own = await twoShards();
    const asked: number[] = [];
    return {
      asked,
      async read(group) {
        asked.push(group);
        if (fail) throw new Error('the helper stopped');
        const chunks: LineChunk[] = [];
        for await (const chunk of own.groupLines(group, 1 << 20)) chunks.push(chunk);
        return chunks;
      },
    };
  }

  it('with a helper reading every other row group, makes the same lines, index and fingerprint as alone', async () => {
    const alone = await readParquetInParts(await twoShards(), { onPart: () => undefined, firstRows: 2, now: () => 0 });
    const helper = await helperOver();
    const parts: ParquetPart[] = [];
    const page = new RecordIndex();
    const together = await readParquetInParts(await twoShards(), {
      onPart: (part) => {
        parts.push(part);
        appendIndexPart(page, part.part);
      },
      firstRows: 2,
      now: () => 0,
      partInterval: 0,
      helper,
    });
    // Groups of 3, 3, 2, 4, 1 rows: the helper reads the second and the fourth.
    expect(helper.asked).toEqual([1, 3]);
    expect(await together.jsonl.text()).toBe(await alone.jsonl.text());
    expect(together.fingerprint).toEqual(alone.fingerprint);
    expect(together.index.records.toData()).toEqual(alone.index.records.toData());
    // Parts in order, each starting where the last ended: the page's index is the whole one.
    expect(parts.map((part) => part.part.from)).toEqual([0, 2, 3, 6, 8, 12]);
    expect(page.toData()).toEqual(alone.index.records.toData());
  });

  it('reads here what a failing helper was asked for, the rows the same', async () => {
    const alone = await readParquetInParts(await twoShards(), { onPart: () => undefined, now: () => 0 });
    const helper = await helperOver(true);
    const read = await readParquetInParts(await twoShards(), { onPart: () => undefined, now: () => 0, helper });
    // Asked for 1 and, one ahead, 3, before 1 failed; both read here.
    expect(helper.asked).toEqual([1, 3]);
    expect(read.complete).toBe(true);
    expect(await read.jsonl.text()).toBe(await alone.jsonl.text());
  });

  it('reads the first part from the pages that hold its rows, not with hyparquet (which reads a whole list column)', async () => {
    const shards = await twoShards();
    const texts = vi.spyOn(shards, 'texts');
    const parts: ParquetPart[] = [];
    const read = await readParquetInParts(shards, { onPart: (part) => parts.push(part), firstRows: 2, now: () => 0, partInterval: 1e9 });
    expect(texts).not.toHaveBeenCalled();
    expect(await (parts[0] as ParquetPart).jsonl.text()).toBe(rows.slice(0, 2).map((row) => `${JSON.stringify({ messages: row.messages })}\n`).join(''));
    expect(read.index.records.count).toBe(13);
  });

  it('fails, saying so, when the first part differs from the same rows read with their row group', async () => {
    const shards = await twoShards();
    const real = await shards.firstLines(2);
    const text = new TextDecoder().decode(real).replace('question 1', 'question 7');
    vi.spyOn(shards, 'firstLines').mockResolvedValue(new TextEncoder().encode(text));
    await expect(readParquetInParts(shards, { onPart: () => undefined, firstRows: 2, now: () => 0 })).rejects.toThrow(FIRST_ROWS_DIFFER);
  });
});
