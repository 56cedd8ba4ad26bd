import { parquetReadObjects } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { chatParquet, chatRow, CHAT_SCHEMA } from './parquet-fixture.ts';
import { ParquetOutput, ParquetOutputError, parquetOrigin } from './parquet-output.ts';
import { ParquetSource, ParquetSourceError } from './parquet.ts';

const rows = Array.from({ length: 25 }, (_, i) => chatRow(i));

async function allWindows(source: ParquetSource): Promise<{ start: number; texts: string[] }[]> {
  const out = [];
  for await (const window of source.windows()) out.push(window);
  return out;
}

describe('ParquetSource', () => {
  it('finds the messages column and reads one row group per window, rows addressed by row', async () => {
    const source = await ParquetSource.open(chatParquet(rows, 10));
    expect(source.conversation).toEqual({ names: ['messages'], how: 'messages-list' });
    expect(source.count).toBe(25);
    expect(source.rowGroups).toEqual([{ start: 0, rows: 10 }, { start: 10, rows: 10 }, { start: 20, rows: 5 }]);
    const windows = await allWindows(source);
    expect(windows.map((w) => [w.start, w.texts.length])).toEqual([[0, 10], [10, 10], [20, 5]]);
    expect(JSON.parse(windows[1]!.texts[3]!)).toEqual({ messages: [{ role: 'user', content: 'question 13' }, { role: 'assistant', content: 'answer 13' }] });
    expect(source.locator(13)).toEqual({ row: 13 });
  });

  it('detects prompt/chosen/rejected columns, and takes a column the person names', async () => {
    const pref = await ParquetSource.open(
      (await import('hyparquet-writer')).parquetWriteBuffer({
        columnData: [
          { name: 'prompt', data: ['hi'], type: 'STRING' },
          { name: 'chosen', data: ['good'], type: 'STRING' },
          { name: 'rejected', data: ['bad'], type: 'STRING' },
        ],
      }),
    );
    expect(pref.conversation.names).toEqual(['prompt', 'chosen', 'rejected']);
    const named = await ParquetSource.open(chatParquet(rows), { columns: ['tags'] });
    expect(named.conversation).toEqual({ names: ['tags'], how: 'named' });
    await expect(ParquetSource.open(chatParquet(rows), { columns: ['nope'] })).rejects.toThrow(/no column "nope" in the file \(its columns: id, messages, score, tags, created\)/);
  });

  it('says what is wrong with a file that is not Parquet, or has no conversation column', async () => {
    await expect(ParquetSource.open(new TextEncoder().encode('{"messages": []}\n').buffer)).rejects.toBeInstanceOf(ParquetSourceError);
    const noChat = (await import('hyparquet-writer')).parquetWriteBuffer({ columnData: [{ name: 'x', data: [1], type: 'INT32' }] });
    await expect(ParquetSource.open(noChat)).rejects.toThrow(/no conversation column found .* its columns: x; name one with --column/);
  });
});

async function rewrite(source: ParquetSource, edit: (record: Record<string, unknown>, row: number) => Record<string, unknown> | null): Promise<ArrayBuffer> {
  const writer = new ByteWriter();
  const output = new ParquetOutput(writer, parquetOrigin(source.metadata, source.conversation.names));
  for (let g = 0; g < source.rowGroups.length; g++) {
    const groupRows = await source.readRowGroup(g);
    const start = source.rowGroups[g]!.start;
    await output.write({ rows: groupRows, records: groupRows.map((row, i) => edit(source.recordOf(row), start + i)), start });
  }
  await output.finish();
  return writer.getBuffer();
}

describe('ParquetOutput from a Parquet source', () => {
  it('keeps every other column, the order and the schema; only the edited row changes', async () => {
    const input = chatParquet(rows, 10);
    const source = await ParquetSource.open(input);
    const output = await rewrite(source, (record, row) => (row === 7 ? { messages: [{ role: 'user', content: 'edited' }] } : record));
    const before = await parquetReadObjects({ file: input });
    const after = await parquetReadObjects({ file: output });
    expect(after).toHaveLength(25);
    for (let i = 0; i < 25; i++) {
      const expected = i === 7 ? { ...before[i], messages: [{ role: 'user', content: 'edited' }] } : before[i];
      expect(after[i]).toEqual(expected);
    }
    const back = await ParquetSource.open(output);
    expect(back.metadata.schema).toEqual(CHAT_SCHEMA.map((element) => expect.objectContaining(element)));
    expect(back.rowGroups.map((g) => g.rows)).toEqual([10, 10, 5]);
  });

  it('puts records that do not fit the column into a new JSON column in its place', async () => {
    const source = await ParquetSource.open(chatParquet(rows.slice(0, 3)));
    const output = await rewrite(source, (record) => ({ ...record, messages: [{ role: 'user', content: 'x', name: 'ann' }] }));
    const back = await ParquetSource.open(output);
    expect(back.schema.children.map((c) => c.element.name)).toEqual(['id', 'messages', 'score', 'tags', 'created']);
    expect(back.schema.children[1]!.element.converted_type).toBe('JSON');
    expect(back.conversation.names).toEqual(['messages']);
    expect(JSON.parse((await allWindows(back))[0]!.texts[0]!)).toEqual({ messages: [{ role: 'user', content: 'x', name: 'ann' }] });
  });

  it('refuses, naming it, a column whose values reading rounds (microsecond timestamps)', async () => {
    const schema = CHAT_SCHEMA.map((element) => (element.name === 'created' ? { ...element, converted_type: 'TIMESTAMP_MICROS' as const } : element));
    const source = await ParquetSource.open(chatParquet(rows.slice(0, 2), 1000, schema));
    await expect(rewrite(source, (record) => record)).rejects.toThrow(ParquetOutputError);
    await expect(rewrite(source, (record) => record)).rejects.toThrow(/cannot write the column "created" back unchanged \(a microsecond timestamp is read to the millisecond\)/);
  });

  it('refuses a later record that does not fit the column chosen from the first row group', async () => {
    const source = await ParquetSource.open(chatParquet(rows, 10));
    await expect(rewrite(source, (record, row) => (row === 12 ? { messages: [{ role: 'user', content: 1 }] } : record))).rejects.toThrow(/row 12: its "messages" does not fit the column's type \(\[0\]\.content is not text/);
  });
});

describe('ParquetOutput from JSON Lines records', () => {
  it('makes a column per key: text for text, JSON for lists and objects', async () => {
    const writer = new ByteWriter();
    const output = new ParquetOutput(writer);
    await output.write({ rows: [{}, {}], records: [{ messages: [{ role: 'user', content: 'a' }] }, { messages: [], tools: [{ type: 'function' }] }], start: 0 });
    await output.write({ rows: [{}], records: [null], start: 2 });
    await output.finish();
    const back = await parquetReadObjects({ file: writer.getBuffer() });
    expect(back).toEqual([
      { messages: [{ role: 'user', content: 'a' }], tools: null },
      { messages: [], tools: [{ type: 'function' }] },
      { messages: null, tools: null },
    ]);
  });
});
