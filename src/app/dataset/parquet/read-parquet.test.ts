import { describe, expect, it } from 'vitest';
import { JsonlIndexer } from '../../../core/index.ts';
import { chatParquet, chatRow } from '../../../core/dataset/source/parquet-fixture.ts';
import { openShards } from './shards.ts';
import { parquetLines } from './read-parquet.ts';

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
