import { parquetWriteBuffer } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { CHAT_SCHEMA, chatParquet, chatRow, type ChatRow } from './parquet-fixture.ts';
import { JsonBytes, writeParquetText } from './parquet-json.ts';
import { parquetValueToJson } from './parquet-values.ts';
import { fastColumnsOf, fastRowGroupLines } from './parquet-lines.ts';
import { ParquetSource } from './parquet.ts';

/** The lines of `lineChunks`, checked to be whole lines with the right row numbers. */
async function chunkText(source: ParquetSource, chunkBytes: number): Promise<string> {
  let text = '';
  let next = 0;
  for await (const chunk of source.lineChunks(chunkBytes)) {
    expect(chunk.start).toBe(next);
    const lines = new TextDecoder().decode(chunk.bytes);
    expect(lines.endsWith('\n')).toBe(true);
    expect(lines.split('\n').length - 1).toBe(chunk.rows);
    next += chunk.rows;
    text += lines;
  }
  expect(next).toBe(source.count);
  return text;
}

/** What the general path writes: each row's record as JSON.stringify makes it. */
async function generalText(source: ParquetSource): Promise<string> {
  let text = '';
  for await (const window of source.windows()) for (const line of window.texts) text += `${line}\n`;
  return text;
}

/** Whether row group 0 of this file is written from its pages (not left to the general path). */
async function isFast(source: ParquetSource): Promise<boolean> {
  const plan = fastColumnsOf(source.schema, source.conversation.names);
  if (!plan) return false;
  return (await fastRowGroupLines(source.file, source.metadata, 0, plan, undefined)) !== undefined;
}

/** Texts that JSON escapes, or that are not ASCII, or that the decoder changes. */
const TRICKY = ['plain', 'a "quote" and \\ backslash', 'tab\there\nnew line\r\u0001\u001f\u007f', 'é ü 中文 😀 \u2028\u2029', '\uFEFFstarts with a byte-order mark', '', ' '];

function trickyRow(i: number): ChatRow {
  const row = chatRow(i);
  const text = TRICKY[i % TRICKY.length] as string;
  if (i % 11 === 5) return { ...row, messages: null };
  if (i % 11 === 6) return { ...row, messages: [] };
  return { ...row, messages: [{ role: i % 2 ? 'user' : 'assistant', content: `${text} ${i}` }, { role: 'assistant', content: text }, ...(i % 3 === 0 ? [{ role: 'tool', content: null as unknown as string }] : [])] };
}

describe('ParquetSource.lineChunks', () => {
  it('writes a list of structs of text straight from the pages, the same bytes as each row as JSON', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => trickyRow(i));
    const source = await ParquetSource.open(chatParquet(rows, 25));
    expect(await isFast(source)).toBe(true);
    const general = await generalText(source);
    expect(general).toContain('"messages":null');
    expect(general).toContain('"messages":[]');
    expect(general).toContain('{"role":"tool"}');
    expect(general).toContain('"content":"starts with a byte-order mark"');
    expect(await chunkText(source, 1 << 20)).toBe(general);
    // Chunks of a few lines each, never across a row group.
    expect(await chunkText(source, 300)).toBe(general);
  });

  it('is the same with dictionary-encoded text (repeated values)', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ ...chatRow(i), messages: [{ role: 'user', content: `q${i % 4}` }, { role: 'assistant', content: TRICKY[i % 3] as string }] }));
    const source = await ParquetSource.open(chatParquet(rows, 200));
    const meta = source.metadata.row_groups[0]?.columns.find((c) => c.meta_data?.path_in_schema.at(-1) === 'content')?.meta_data;
    expect(meta?.dictionary_page_offset).toBeDefined();
    expect(await isFast(source)).toBe(true);
    expect(await chunkText(source, 1 << 20)).toBe(await generalText(source));
  });

  it('reads plain text columns (prompt/chosen/rejected), required or optional', async () => {
    const schema: SchemaElement[] = [
      { name: 'root', num_children: 3 },
      { name: 'prompt', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
      { name: 'chosen', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      { name: 'rejected', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
    ];
    const n = 30;
    const file = parquetWriteBuffer({
      schema,
      columnData: [
        { name: 'prompt', data: Array.from({ length: n }, (_, i) => `${TRICKY[i % TRICKY.length]}?`) },
        { name: 'chosen', data: Array.from({ length: n }, (_, i) => (i % 4 === 0 ? null : `good ${i}`)) },
        { name: 'rejected', data: Array.from({ length: n }, (_, i) => (i % 5 === 0 ? null : new TextEncoder().encode(`bad ${i} ü`))) },
      ],
      rowGroupSize: 12,
    });
    const source = await ParquetSource.open(file);
    expect(source.conversation.names).toEqual(['prompt', 'chosen', 'rejected']);
    expect(await isFast(source)).toBe(true);
    const general = await generalText(source);
    expect(general).toContain('"chosen":null');
    expect(await chunkText(source, 100)).toBe(general);
  });

  it('leaves a row group with a null list element to the general path, with the same bytes', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ ...chatRow(i), messages: i === 3 ? [null as unknown as { role: string; content: string }, { role: 'user', content: 'x' }] : chatRow(i).messages }));
    const source = await ParquetSource.open(chatParquet(rows, 5));
    const plan = fastColumnsOf(source.schema, source.conversation.names);
    expect(await fastRowGroupLines(source.file, source.metadata, 0, plan!, undefined)).toBeUndefined();
    expect(await chunkText(source, 1 << 20)).toBe(await generalText(source));
  });

  it('takes other shapes the general way (a column the person names that is not text)', async () => {
    const source = await ParquetSource.open(chatParquet([chatRow(0), chatRow(1)]), { columns: ['tags', 'score'] });
    expect(fastColumnsOf(source.schema, source.conversation.names)).toBeUndefined();
    expect(await chunkText(source, 1 << 20)).toBe(await generalText(source));
  });
});

describe('writeParquetText', () => {
  it('writes JSON.stringify(parquetValueToJson(bytes)) for any bytes, from any place in a page', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const values: Uint8Array[] = [
      ...TRICKY.map(bytes),
      new Uint8Array([0xff, 0x41]), // not UTF-8: the decoder's replacement character
      new Uint8Array([0xed, 0xa0, 0x80]), // a surrogate's bytes: not UTF-8
      new Uint8Array([0xc0, 0xaf]), // overlong
      new Uint8Array([0xf0, 0x9f, 0x98]), // cut short
      new Uint8Array([0xf4, 0x90, 0x80, 0x80]), // past U+10FFFF
    ];
    for (const value of values) {
      // The value in the middle of a larger page, as values are.
      const page = new Uint8Array(value.length + 6);
      page.set(value, 3);
      const out = new JsonBytes(4);
      writeParquetText(out, page, 3, 3 + value.length);
      expect(new TextDecoder().decode(out.view())).toBe(JSON.stringify(parquetValueToJson(value)));
    }
  });
});

describe('the first rows of a row group from the pages that hold them (ParquetSource.fastFirstLines)', () => {
  // Pages of about 300 bytes: each of a few rows, so a row's list of messages may start on one page and end on the next.
  const rows = Array.from({ length: 120 }, (_, i): ChatRow => ({ ...chatRow(i), messages: i % 17 === 5 ? [] : i % 23 === 7 ? null : chatRow(i).messages }));
  const column = (name: keyof ChatRow) => ({ name, data: rows.map((row) => row[name]) });
  const file = parquetWriteBuffer({ schema: CHAT_SCHEMA, columnData: [column('id'), column('messages'), column('score'), column('tags'), column('created')], rowGroupSize: 100, pageSize: 300 });

  it('are the first lines of the whole row group, at any count, across page boundaries', async () => {
    const source = await ParquetSource.open(file);
    const whole = (await generalText(source)).split('\n');
    const decoder = new TextDecoder();
    for (const count of [0, 1, 2, 5, 6, 7, 31, 64, 99, 100, 150]) {
      const bytes = await source.fastFirstLines(0, count);
      const expected = Math.min(count, 100);
      expect(bytes, `${count} rows`).toBeDefined();
      expect(decoder.decode(bytes), `${count} rows`).toBe(whole.slice(0, expected).map((line) => `${line}\n`).join(''));
    }
    // Of the second row group (20 rows): its own first rows.
    expect(decoder.decode(await source.fastFirstLines(1, 3))).toBe(whole.slice(100, 103).map((line) => `${line}\n`).join(''));
  });

  it('are undefined when the columns are not of the fast shape', async () => {
    const schema = CHAT_SCHEMA.map((element) => (element.name === 'role' ? { ...element, type: 'INT32' as const, converted_type: undefined } : element));
    const numbers = rows.map((row) => ({ ...row, messages: row.messages?.map((message, k) => ({ role: k, content: message.content })) ?? null }));
    const odd = parquetWriteBuffer({ schema, columnData: [{ name: 'id', data: numbers.map((row) => row.id) }, { name: 'messages', data: numbers.map((row) => row.messages) }, { name: 'score', data: numbers.map((row) => row.score) }, { name: 'tags', data: numbers.map((row) => row.tags) }, { name: 'created', data: numbers.map((row) => row.created) }], rowGroupSize: 100 });
    const source = await ParquetSource.open(odd, { columns: ['messages'] });
    expect(await source.fastFirstLines(0, 3)).toBeUndefined();
  });
});

describe('the first rows of a large row group read only as far as their pages', () => {
  // 3,000 rows of about 1.2 KB of text: a content column chunk of about 3.6 MB (incompressible-ish letters), pages of 64 KiB.
  let seed = 7;
  const letters = (count: number): string => {
    let text = '';
    for (let i = 0; i < count; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      text += String.fromCharCode(97 + ((seed >>> 16) % 26));
    }
    return text;
  };
  const rows = Array.from({ length: 3000 }, (_, i): ChatRow => ({ ...chatRow(i), messages: [{ role: 'user', content: letters(600) }, { role: 'assistant', content: letters(600) }] }));
  const column = (name: keyof ChatRow) => ({ name, data: rows.map((row) => row[name]) });
  const file = parquetWriteBuffer({ schema: CHAT_SCHEMA, columnData: [column('id'), column('messages'), column('score'), column('tags'), column('created')], rowGroupSize: 3000, pageSize: 64 * 1024 });

  it('reads a small part of the chunk for the first rows, more as more rows are asked, the lines always the whole group’s first', async () => {
    const read: number[] = [];
    const buffer = { byteLength: file.byteLength, slice: (start: number, end?: number) => (read.push((end ?? file.byteLength) - start), Promise.resolve(file.slice(start, end))) };
    const source = await ParquetSource.open(buffer);
    const whole = (await generalText(source)).split('\n');
    const decoder = new TextDecoder();
    for (const count of [10, 1500, 2999]) {
      read.length = 0;
      const bytes = await source.fastFirstLines(0, count);
      expect(decoder.decode(bytes), `${count} rows`).toBe(whole.slice(0, count).map((line) => `${line}\n`).join(''));
      const total = read.reduce((a, b) => a + b, 0);
      if (count === 10) expect(total, 'bytes read for 10 rows').toBeLessThan(file.byteLength / 2);
    }
  });
});
