/**
 * Issue 27 in the app: a Parquet file (made by the test with hyparquet-writer) opens in the
 * dataset view, its records said by row; a record is edited as a person types; Export Parquet
 * writes the file again, which, read back, has the edited row changed and every other row and
 * column as it was. Another column is chosen for the conversation; records duplicated and
 * deleted are exported as rows added and removed (an added row's other columns null), or the
 * export refuses naming a column that cannot be null; reopened after a reload, the restored
 * edits are exported to Parquet too.
 */
import type { Download, Page } from '@playwright/test';
import { parquetReadObjects, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { chatParquet, chatRow } from '../src/core/dataset/source/parquet-fixture.ts';
import { expect, test, type ParleyPage as Parley } from './fixtures.ts';

const ROWS = Array.from({ length: 12 }, (_, i) => chatRow(i));

async function openParquet(page: Page, parley: Parley, name: string, input: Buffer): Promise<void> {
  await page.getByLabel('Open a JSON file').setInputFiles({ name, mimeType: 'application/vnd.apache.parquet', buffer: input });
  await expect(parley.notice).toContainText(`Opened ${name}`);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

async function exportParquet(page: Page, parley: Parley): Promise<Download> {
  await page.getByText('Export…', { exact: true }).click();
  await expect(page.getByText('The Parquet file is rewritten, not patched byte for byte')).toBeVisible();
  const download = page.waitForEvent('download');
  await parley.button('Export Parquet').click();
  return download;
}

async function readBack(file: Download | Buffer): Promise<Record<string, unknown>[]> {
  let bytes: Buffer;
  if (Buffer.isBuffer(file)) bytes = file;
  else {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  }
  return (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })) as Record<string, unknown>[];
}

test('a Parquet file: opened, a record edited, exported as Parquet with every other value kept', async ({ parley, page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await parley.goto();
  const input = Buffer.from(chatParquet(ROWS, 5));
  await openParquet(page, parley, 'chats.parquet', input);
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue('question 0');

  // Rows, numbered from 0 as pandas and `datasets` number them.
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /^Row 7: question 7/ }).click();
  await expect(content).toHaveValue('question 7');
  await content.fill('question 7, edited');
  await list.getByRole('button', { name: /^Row 0: question 0/ }).click();
  await expect(list.getByRole('button', { name: /^Row 7: question 7, edited/ })).toBeVisible();

  const file = await exportParquet(page, parley);
  expect(file.suggestedFilename()).toBe('chats.parley.parquet');
  await expect(parley.notice).toContainText('Exported chats.parley.parquet: the Parquet file is rewritten, not patched byte for byte');
  const [before, after] = await Promise.all([readBack(input), readBack(file)]);
  expect(after).toHaveLength(ROWS.length);
  for (let i = 0; i < ROWS.length; i++) {
    const expected = i === 7 ? { ...before[i], messages: [{ role: 'user', content: 'question 7, edited' }, { role: 'assistant', content: 'answer 7' }] } : before[i];
    expect(after[i], `row ${i}`).toEqual(expected);
  }
  expect(uncaught).toEqual([]);
});

/** Two conversation columns and a nullable note: `messages` is detected, ShareGPT's `conversations` can be chosen. */
function twoColumns(): Buffer {
  const n = 6;
  const msgs = Array.from({ length: n }, (_, i) => [{ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `reply ${i}` }]);
  const turns = Array.from({ length: n }, (_, i) => [{ from: 'human', value: `other ${i}` }, { from: 'gpt', value: `reply ${i}` }]);
  const text = { type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' } as const;
  // Nullable, as the Hub's files are: an added row's other columns are null.
  const listOf = (name: string, fields: [string, string]): SchemaElement[] => [
    { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', repetition_type: 'OPTIONAL', num_children: 2 },
    { name: fields[0], ...text },
    { name: fields[1], ...text },
  ];
  const schema: SchemaElement[] = [{ name: 'root', num_children: 3 }, ...listOf('messages', ['role', 'content']), ...listOf('conversations', ['from', 'value']), { name: 'note', ...text }];
  const columnData = [
    { name: 'messages', data: msgs },
    { name: 'conversations', data: turns },
    { name: 'note', data: Array.from({ length: n }, (_, i) => `note ${i}`) },
  ];
  return Buffer.from(parquetWriteBuffer({ schema, columnData, rowGroupSize: 4 }));
}

test('another column chosen; a duplicated and a deleted record exported as rows added and removed', async ({ parley, page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await parley.goto();
  const input = twoColumns();
  await openParquet(page, parley, 'two.parquet', input);
  const column = page.getByLabel('Read the records from the column');
  await expect(column).toHaveValue('messages');
  await expect(column.locator('option:checked')).toHaveText('messages (detected)');
  await column.selectOption('conversations');
  await expect(parley.notice).toContainText('Opened two.parquet');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expect(column).toHaveValue('conversations');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Row 5: other 5/ })).toBeVisible();
  await expect(parley.field('Message 1 content')).toHaveValue('other 0');

  await list.getByRole('button', { name: 'Duplicate the record at row 1' }).click();
  await list.getByRole('button', { name: 'Delete the record at row 4' }).click();
  const file = await exportParquet(page, parley);
  await expect(parley.notice).toContainText('its 6 rows keep their order');
  const [before, after] = await Promise.all([readBack(input), readBack(file)]);
  // Rows 0, 1, the copy of 1 (an added row: its other columns null; hyparquet reads a null list as undefined), 2, 3, 5.
  expect(after).toEqual([before[0], before[1], { messages: undefined, conversations: before[1]?.conversations, note: null }, before[2], before[3], before[5]]);
  expect(uncaught).toEqual([]);
});

test('an added record in a file whose other columns cannot be null: the Parquet export refuses naming the column', async ({ parley, page }) => {
  await parley.goto();
  await openParquet(page, parley, 'chats.parquet', Buffer.from(chatParquet(ROWS.slice(0, 4), 5)));
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: 'Duplicate the record at row 2' }).click();
  await page.getByText('Export…', { exact: true }).click();
  await parley.button('Export Parquet').click();
  await expect(parley.alert).toContainText('Parquet export refused: records were added, and an added row has no value for the column "id", which Parquet\'s schema requires in every row');
  await expect(parley.alert).toContainText('Nothing was written.');
});

test('reopened after a reload, the restored edits are exported to Parquet', async ({ parley, page }) => {
  await parley.goto();
  const input = Buffer.from(chatParquet(ROWS, 5));
  await openParquet(page, parley, 'chats.parquet', input);
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /^Row 3: question 3/ }).click();
  await parley.field('Message 1 content').fill('question 3, kept');
  await list.getByRole('button', { name: /^Row 0: question 0/ }).click();
  await expect(list.getByRole('button', { name: /^Row 3: question 3, kept.*edited/ })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Dataset save status' })).toHaveText('Edits saved in this browser');
  expect((await readBack(await exportParquet(page, parley)))[3]?.messages).toEqual([{ role: 'user', content: 'question 3, kept' }, { role: 'assistant', content: 'answer 3' }]);

  await page.reload();
  await page.evaluate(() => window.__parley.ready);
  await page.getByLabel('Open a JSON file').setInputFiles({ name: 'chats.parquet', mimeType: 'application/vnd.apache.parquet', buffer: input });
  await expect(parley.notice).toContainText('Restored 1 edit');
  await expect(list.getByRole('button', { name: /^Row 3: question 3, kept/ })).toBeVisible();
  const after = await readBack(await exportParquet(page, parley));
  expect(after[3]?.messages).toEqual([{ role: 'user', content: 'question 3, kept' }, { role: 'assistant', content: 'answer 3' }]);
  expect(after[4]).toEqual((await readBack(input))[4]);
});
