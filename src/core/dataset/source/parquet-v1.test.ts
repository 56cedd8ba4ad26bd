/**
 * Version 1 data pages (pyarrow's default; parquet-v1-fixture.ts rewrites hyparquet-writer's
 * version 2 pages into them): the fast lines read them as hyparquet does, for a list of structs
 * of text and for text columns, with the first rows of a row group too.
 */
import { parquetReadObjects, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { chatParquet, chatRow, type ChatRow } from './parquet-fixture.ts';
import { withV1Pages } from './parquet-v1-fixture.ts';
import { fastColumnsOf, fastRowGroupLines } from './parquet-lines.ts';
import { ParquetSource } from './parquet.ts';

async function general(source: ParquetSource): Promise<string> {
  let text = '';
  for await (const window of source.windows()) for (const line of window.texts) text += `${line}\n`;
  return text;
}

async function fast(source: ParquetSource): Promise<string> {
  const plan = fastColumnsOf(source.schema, source.conversation.names);
  if (!plan) throw new Error('not of the fast shape');
  let text = '';
  for (let group = 0; group < source.rowGroups.length; group++) {
    // Straight from the pages, no guard: what the fast reader makes of version 1 pages alone.
    const lines = await fastRowGroupLines(source.file, source.metadata, group, plan, undefined);
    if (!lines) throw new Error(`row group ${group} was not read the fast way`);
    expect(lines.layout).toMatch(/^DATA_PAGE:/);
    for (const chunk of lines(1 << 20)) text += new TextDecoder().decode(chunk.bytes);
  }
  return text;
}

describe('version 1 data pages', () => {
  const rows = Array.from({ length: 90 }, (_, i): ChatRow => ({ ...chatRow(i), messages: i % 11 === 3 ? [] : i % 13 === 4 ? null : [...(chatRow(i).messages ?? []), { role: 'user', content: `"quoted" \\ é ${i}\n` }] }));

  it('the rewritten file reads back as the original (hyparquet)', async () => {
    const original = chatParquet(rows, 30);
    const v1 = withV1Pages(original);
    expect(await parquetReadObjects({ file: v1 })).toEqual(await parquetReadObjects({ file: original }));
  });

  it('a list of structs of text: the fast lines are the general lines, whole and for the first rows', async () => {
    const source = await ParquetSource.open(withV1Pages(chatParquet(rows, 30)));
    const expected = await general(source);
    expect(await fast(source)).toBe(expected);
    let chunks = '';
    for await (const chunk of source.lineChunks(1 << 20)) chunks += new TextDecoder().decode(chunk.bytes);
    expect(chunks).toBe(expected);
    const first = new TextDecoder().decode(await source.fastFirstLines(0, 7));
    expect(first).toBe(expected.split('\n').slice(0, 7).map((line) => `${line}\n`).join(''));
  });

  it('text columns (prompt/chosen/rejected), required and optional', async () => {
    const schema: SchemaElement[] = [
      { name: 'root', num_children: 3 },
      { name: 'prompt', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      { name: 'chosen', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      { name: 'rejected', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
    ];
    const count = 50;
    const file = parquetWriteBuffer({
      schema,
      columnData: [
        { name: 'prompt', data: Array.from({ length: count }, (_, i) => `prompt ${i} "q"`) },
        { name: 'chosen', data: Array.from({ length: count }, (_, i) => (i % 7 === 0 ? null : `chosen ${i}`)) },
        { name: 'rejected', data: Array.from({ length: count }, (_, i) => (i % 5 === 0 ? null : 'same')) },
      ],
      rowGroupSize: 20,
    });
    const source = await ParquetSource.open(withV1Pages(file));
    expect(source.conversation.names).toEqual(['prompt', 'chosen', 'rejected']);
    expect(await fast(source)).toBe(await general(source));
  });
});
