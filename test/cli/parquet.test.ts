/** Parquet in and out of the command: files written by hyparquet-writer in the test, read back with hyparquet. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { chatParquet, chatRow, CHAT_SCHEMA, type ChatRow } from '../../src/core/dataset/source/parquet-fixture.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const ROWS: ChatRow[] = Array.from({ length: 25 }, (_, i) => chatRow(i));
/** Row 4 has no messages: the record {"messages": null} cannot be read. */
ROWS[4] = { ...ROWS[4]!, messages: null };

function writeParquet(name: string, rows: readonly ChatRow[], schema = CHAT_SCHEMA): string {
  const path = files.path(name);
  writeFileSync(path, new Uint8Array(chatParquet(rows, 10, schema)));
  return path;
}

async function readBack(path: string): Promise<Record<string, unknown>[]> {
  const bytes = readFileSync(path);
  return (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })) as Record<string, unknown>[];
}

describe.concurrent('parley and Parquet', () => {
  it('validate: one result line per row, problems named by row (numbered from 0)', async () => {
    const run = await parley(['validate', '--format', 'chatml', writeParquet('v.parquet', ROWS)]);
    expect(run.code).toBe(1);
    const out = lines(run.stdout).map((line) => JSON.parse(line) as { valid: boolean });
    expect(out).toHaveLength(25);
    expect(out.map((result) => result.valid)).toEqual(ROWS.map((_, i) => i !== 4));
    expect(run.stderr).toMatch(/v\.parquet: row 4: ERROR/);
    expect(run.stderr).toMatch(/validate: 25 records in .*v\.parquet, 1 with errors/);
  });

  it('validate --jobs 2 writes what --jobs 1 does', async () => {
    const file = writeParquet('j.parquet', ROWS);
    const [one, two] = await Promise.all([parley(['validate', '--format', 'chatml', '--jobs', '1', file]), parley(['validate', '--format', 'chatml', '--jobs', '2', file])]);
    expect(two.stdout).toBe(one.stdout);
  });

  it('convert --to openai-chat: each row as a JSON line, in row order', async () => {
    const run = await parley(['convert', '--to', 'openai-chat', writeParquet('c.parquet', ROWS)]);
    const out = lines(run.stdout);
    expect(out).toHaveLength(25);
    expect(JSON.parse(out[13]!)).toEqual({ messages: [{ role: 'user', content: 'question 13' }, { role: 'assistant', content: 'answer 13' }] });
    expect(out[4]).toBe('null');
  });

  it('convert --output: Parquet to Parquet keeps the other columns, the order and the schema, row by row', async () => {
    const input = writeParquet('in.parquet', ROWS);
    const output = files.path('out.parquet');
    const run = await parley(['convert', '--to', 'openai-chat', '--output', output, input]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/convert: 25 records from .*in\.parquet written to .*out\.parquet, 1 with errors/);
    const [before, after] = await Promise.all([readBack(input), readBack(output)]);
    expect(after).toHaveLength(before.length);
    for (let i = 0; i < before.length; i++) expect(after[i], `row ${i}`).toEqual(before[i]);
    expect(Object.keys(after[0]!)).toEqual(['id', 'messages', 'score', 'tags', 'created']);
  });

  it('convert --output from JSON Lines: a row per record, then back to the same JSON', async () => {
    const records = [{ messages: [{ role: 'user', content: 'hi' }] }, { messages: [{ role: 'user', content: 'yo' }, { role: 'assistant', content: 'hey' }] }];
    const input = files.write('r.jsonl', `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const output = files.path('r.parquet');
    const run = await parley(['convert', '--to', 'openai-chat', '--output', output, input]);
    expect(run.code).toBe(0);
    const back = await parley(['convert', '--to', 'openai-chat', output]);
    expect(lines(back.stdout).map((line) => JSON.parse(line) as unknown)).toEqual(records);
  });

  it('convert --output from JSON Lines: row groups fill up to their limit, not one per 1 MB read', async () => {
    // About 3 MB of records: read in three or more chunks, written as one row group (ROW_GROUP_TEXT_BYTES is 32 MB).
    const record = (i: number) => JSON.stringify({ messages: [{ role: 'user', content: `question ${i} ${'x'.repeat(3000)}` }] });
    const input = files.write('many.jsonl', `${Array.from({ length: 1000 }, (_, i) => record(i)).join('\n')}\n`);
    const output = files.path('many.parquet');
    const run = await parley(['convert', '--to', 'openai-chat', '--output', output, input]);
    expect(run.code, run.stderr).toBe(0);
    const bytes = readFileSync(output);
    const metadata = await parquetMetadataAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(metadata.row_groups.map((group) => Number(group.num_rows))).toEqual([1000]);
    const back = await readBack(output);
    expect(back.map((row) => (row.messages as { content: string }[])[0]!.content.split(' ', 2).join(' '))).toEqual(Array.from({ length: 1000 }, (_, i) => `question ${i}`));
  });

  it('refuses a column the writer cannot give back, naming it, and leaves no file', async () => {
    const micros = CHAT_SCHEMA.map((element) => (element.name === 'created' ? { ...element, converted_type: 'TIMESTAMP_MICROS' as const } : element));
    const output = files.path('refused.parquet');
    const run = await parley(['convert', '--to', 'openai-chat', '--output', output, writeParquet('micros.parquet', ROWS, micros)]);
    expect(expectBadInput(run)).toMatch(/cannot write the column "created" back unchanged/);
    expect(existsSync(output)).toBe(false);
  });

  it('says which columns there are when --column names none of them, and what is not Parquet', async () => {
    const file = writeParquet('cols.parquet', ROWS);
    expect(expectBadInput(await parley(['validate', '--format', 'chatml', '--column', 'chat', file]))).toMatch(/no column "chat" in the file \(its columns: id, messages, score, tags, created\)/);
    expect(expectBadInput(await parley(['validate', '--format', 'chatml', files.write('fake.parquet', '{"messages": []}')]))).toMatch(/fake\.parquet: not a Parquet file Parley can read/);
    expect(expectBadInput(await parley(['convert', '--to', 'openai-chat', '--output', files.path('x.jsonl'), file]))).toMatch(/--output writes Parquet only/);
  });
});
