import type { AsyncBuffer } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { chatParquet, chatRow } from './parquet-fixture.ts';
import { ParquetShards } from './parquet-shards.ts';
import { RowGroupCache } from './row-group-cache.ts';

/** An AsyncBuffer that records every range read of it, as an HTTP-range source would be asked. */
function counted(file: ArrayBuffer): AsyncBuffer & { ranges: [number, number][] } {
  const ranges: [number, number][] = [];
  return {
    ranges,
    byteLength: file.byteLength,
    slice(start: number, end?: number) {
      ranges.push([start, end ?? file.byteLength]);
      return Promise.resolve(file.slice(start, end));
    },
  };
}

const rowsOf = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => chatRow(from + i));
const recordOf = (i: number) => ({ messages: chatRow(i).messages });

describe('ParquetShards', () => {
  it('reads several files as one dataset in order, ids running over the files', async () => {
    const shards = await ParquetShards.open([
      { name: '0000.parquet', buffer: counted(chatParquet(rowsOf(0, 25), 10)) },
      { name: '0001.parquet', buffer: counted(chatParquet(rowsOf(25, 32), 5)) },
    ]);
    expect(shards.count).toBe(32);
    expect(shards.groups.map((g) => [g.shard, g.group, g.start, g.rows])).toEqual([
      [0, 0, 0, 10],
      [0, 1, 10, 10],
      [0, 2, 20, 5],
      [1, 0, 25, 5],
      [1, 1, 30, 2],
    ]);
    expect(JSON.parse(await shards.text(27))).toEqual(recordOf(27));
    expect(JSON.parse(await shards.text(31))).toEqual(recordOf(31));
    expect(JSON.parse(await shards.text(0))).toEqual(recordOf(0));
    expect(shards.place(27)).toEqual({ shard: '0001.parquet', row: 2 });
    expect(shards.locator(27)).toEqual({ row: 27 });
    await expect(shards.text(32)).rejects.toThrow(RangeError);
  });

  it('opens from the footer alone, then reads only the row group of the record asked for', async () => {
    const bytes = chatParquet(rowsOf(0, 300), 100);
    const buffer = counted(bytes);
    const shards = await ParquetShards.open([{ name: 'chat.parquet', buffer }]);
    expect(shards.count).toBe(300);
    const source = shards.sources[0]!;
    // The column chunks of the row groups: where each row group's bytes are.
    const chunkRanges = source.metadata.row_groups.map((group) => {
      const starts = group.columns.map((c) => Number(c.meta_data!.dictionary_page_offset ?? c.meta_data!.data_page_offset));
      const ends = group.columns.map((c, k) => starts[k]! + Number(c.meta_data!.total_compressed_size));
      return [Math.min(...starts), Math.max(...ends)] as const;
    });
    const touches = (range: [number, number], [from, to]: readonly [number, number]) => range[0] < to && range[1] > from;
    // Opening read the file's tail only (hyparquet guesses the footer's size: on a file this small the guess is the whole file).
    expect(buffer.ranges.every(([, end]) => end === bytes.byteLength)).toBe(true);
    buffer.ranges.length = 0;
    expect(JSON.parse(await shards.text(150))).toEqual(recordOf(150));
    expect(buffer.ranges.length).toBeGreaterThan(0);
    expect(buffer.ranges.every((range) => touches(range, chunkRanges[1]!) && !touches(range, chunkRanges[0]!) && !touches(range, chunkRanges[2]!))).toBe(true);
    // The next records of that row group come from the cache: nothing read again.
    buffer.ranges.length = 0;
    expect(JSON.parse(await shards.text(199))).toEqual(recordOf(199));
    expect(await shards.texts([100, 101])).toEqual([JSON.stringify(recordOf(100)), JSON.stringify(recordOf(101))]);
    expect(buffer.ranges).toEqual([]);
  });

  it('keeps the blocks most recently read within its bound, the last one always', async () => {
    const file = chatParquet(rowsOf(0, 40), 10);
    const roomy = await ParquetShards.open([{ name: 'a', buffer: counted(file) }]);
    for (const id of [5, 15, 25, 5]) await roomy.text(id);
    expect(roomy.keptBlocks()).toEqual([10, 20, 0]);
    // A bound smaller than one block's text: only the last one read is kept.
    const tight = await ParquetShards.open([{ name: 'a', buffer: counted(file) }], { cacheChars: 10 });
    await tight.text(5);
    await tight.text(15);
    expect(tight.keptBlocks()).toEqual([10]);
  });

  it('reads a block of rows of the row group, not the whole row group, for a record', async () => {
    const shards = await ParquetShards.open(
      [
        { name: '0000.parquet', buffer: counted(chatParquet(rowsOf(0, 25), 10)) },
        { name: '0001.parquet', buffer: counted(chatParquet(rowsOf(25, 32), 7)) },
      ],
      { blockRows: 4 },
    );
    // Blocks start at their row group's start: 10–13, 14–17, 18–19 in the second row group; 25–28, 29–31 in the second file.
    expect(JSON.parse(await shards.text(19))).toEqual(recordOf(19));
    expect(JSON.parse(await shards.text(13))).toEqual(recordOf(13));
    expect(JSON.parse(await shards.text(30))).toEqual(recordOf(30));
    expect(JSON.parse(await shards.text(29))).toEqual(recordOf(29));
    expect(shards.keptBlocks()).toEqual([18, 10, 29]);
  });

  it('counts the rows of the blocks read on demand, each block once (what a person is told is read so far)', async () => {
    const shards = await ParquetShards.open([{ name: 'chat.parquet', buffer: counted(chatParquet(rowsOf(0, 250), 100)) }], { blockRows: 40 });
    expect(shards.rowsRead).toBe(0);
    await shards.texts([0, 1, 39]);
    expect(shards.rowsRead).toBe(40);
    // Row 210 is in the block of rows 200-239 of the last row group (rows 200-249).
    await shards.text(210);
    expect(shards.rowsRead).toBe(80);
    // Row 90 is in the block of rows 80-99: cut short at its row group's end (20 rows).
    await shards.text(90);
    expect(shards.rowsRead).toBe(100);
    // Read again (kept or not): not counted twice.
    await shards.texts([0, 95, 239]);
    expect(shards.rowsRead).toBe(100);
  });

  it('reads every record in order one row group at a time, without filling the cache', async () => {
    const shards = await ParquetShards.open([
      { name: '0000.parquet', buffer: counted(chatParquet(rowsOf(0, 12), 5)) },
      { name: '0001.parquet', buffer: counted(chatParquet(rowsOf(12, 15), 5)) },
    ]);
    const windows: { start: number; texts: string[] }[] = [];
    for await (const window of shards.windows()) windows.push(window);
    expect(windows.map((w) => [w.start, w.texts.length])).toEqual([[0, 5], [5, 5], [10, 2], [12, 3]]);
    expect(windows.flatMap((w) => w.texts).map((text) => JSON.parse(text))).toEqual(Array.from({ length: 15 }, (_, i) => recordOf(i)));
    expect(shards.keptBlocks()).toEqual([]);
  });

  it('names the file that lacks the first file’s conversation column', async () => {
    const other = parquetWriteBuffer({ columnData: [{ name: 'text', data: ['x'], type: 'STRING' }] });
    await expect(
      ParquetShards.open([
        { name: '0000.parquet', buffer: counted(chatParquet(rowsOf(0, 2))) },
        { name: '0001.parquet', buffer: counted(other) },
      ]),
    ).rejects.toThrow(/^0001\.parquet: no column "messages" in the file \(its columns: text\)/);
    await expect(ParquetShards.open([])).rejects.toThrow(/no Parquet file was given/);
  });
});

describe('RowGroupCache', () => {
  it('reads a row group asked for twice at once only once', async () => {
    let loads = 0;
    const cache = new RowGroupCache(async (group) => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [`g${group}`];
    });
    expect(await Promise.all([cache.get(3), cache.get(3)])).toEqual([['g3'], ['g3']]);
    expect(loads).toBe(1);
  });

  it('forgets a failed read, so the next ask reads again', async () => {
    let fail = true;
    const cache = new RowGroupCache(async () => {
      if (fail) throw new Error('network down');
      return ['ok'];
    });
    await expect(cache.get(0)).rejects.toThrow('network down');
    fail = false;
    expect(await cache.get(0)).toEqual(['ok']);
  });
});

describe('conversationCandidates', () => {
  it('offers the detected column first, then other list-of-struct and chat columns, and the preference columns together', async () => {
    const { conversationCandidates } = await import('./parquet-candidates.ts');
    const { parquetMetadata, parquetSchema } = await import('hyparquet');
    const schemaOf = (file: ArrayBuffer) => parquetSchema(parquetMetadata(file));
    // id, messages (list of structs), score, tags (list of text), created: only messages is a conversation.
    expect(conversationCandidates(schemaOf(chatParquet(rowsOf(0, 2))))).toEqual([['messages']]);
    const mixed = parquetWriteBuffer({
      columnData: [
        { name: 'prompt', data: ['p'], type: 'STRING' },
        { name: 'chosen', data: ['c'], type: 'STRING' },
        { name: 'rejected', data: ['r'], type: 'STRING' },
        { name: 'conversations', data: ['[]'], type: 'JSON' },
        { name: 'note', data: ['n'], type: 'STRING' },
      ],
    });
    expect(conversationCandidates(schemaOf(mixed))).toEqual([['conversations'], ['prompt', 'chosen', 'rejected']]);
  });
});

describe('ParquetShards.groupLines', () => {
  it("gives any row group's records as JSON Lines, ids over the shards, the bytes of its windows' texts, in chunks of whole lines", async () => {
    const shards = await ParquetShards.open([
      { name: '0000.parquet', buffer: counted(chatParquet(rowsOf(0, 25), 10)) },
      { name: '0001.parquet', buffer: counted(chatParquet(rowsOf(25, 32), 5)) },
    ]);
    const texts: string[][] = [];
    for await (const window of shards.windows()) texts.push(window.texts);
    const decoder = new TextDecoder();
    // Asked out of order (the app's two readers take every other row group), the last shard's second group first.
    for (const index of [4, 1, 3, 0, 2]) {
      const group = shards.groups[index]!;
      const chunks = [];
      // 40 bytes: every line is longer, so each chunk is one line.
      for await (const chunk of shards.groupLines(index, 40)) chunks.push(chunk);
      expect(chunks.map((chunk) => chunk.start)).toEqual(Array.from({ length: group.rows }, (_, i) => group.start + i));
      expect(chunks.map((chunk) => chunk.rows)).toEqual(chunks.map(() => 1));
      expect(chunks.map((chunk) => decoder.decode(chunk.bytes)).join('')).toBe(`${texts[index]!.join('\n')}\n`);
      expect(JSON.parse(decoder.decode(chunks[0]!.bytes))).toEqual(recordOf(group.start));
    }
    await expect(async () => {
      for await (const chunk of shards.groupLines(5, 40)) void chunk;
    }).rejects.toThrow(RangeError);
  });
});
