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

test('a Parquet file of several row groups shows its first record before the last group is read; an edit made meanwhile survives the growth', async ({ parley, page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  // Every other row group is read by a worker the dataset worker starts (both cores): rows 5-9, 15-19, … (row 39 below) come from it.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await parley.goto();
  const rows = Array.from({ length: 40 }, (_, i) => chatRow(i));
  test.setTimeout(90_000);
  // 8 row groups of 5 rows; the worker pauses 1.5 s after each (the test hook), so reading them all takes 12 s at least.
  const input = Buffer.from(chatParquet(rows, 5));
  await page.evaluate(() => {
    (globalThis as { __parleyParquetGroupDelayMs?: number }).__parleyParquetGroupDelayMs = 1500;
  });
  await page.getByLabel('Open a JSON file').setInputFiles({ name: 'slow.parquet', mimeType: 'application/vnd.apache.parquet', buffer: input });
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue('question 0');
  // Shown while rows are still read: the bar counts rows, fewer than every one are in the list.
  await expect(page.getByText(/^Reading rows of slow\.parquet: \d+ of 40$/)).toBeVisible();
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBeLessThan(40);
  await expect(parley.notice).toContainText('Opened slow.parquet');
  await expect(parley.notice).toContainText('showing its rows as they are read');
  await page.getByRole('group').getByText('Validation summary', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Checking waits for every row: reading rows \d+ of 40\.$/ })).toBeVisible();

  // An edit while reading, committed by moving to another record.
  await content.fill('question 0, edited while reading');
  const list = page.getByRole('list', { name: 'Records' });
  // Rows not yet checked are listed without their text (the checks wait for every row).
  await list.getByRole('button', { name: /^Row 1\b/ }).click();
  await expect(content).toHaveValue('question 1');
  await expect(list.getByRole('button', { name: /^Row 0: question 0, edited while reading/ })).toBeVisible();
  // Whole-dataset work waits for every row, saying so.
  await page.getByText('Export…', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Export waits for every row: reading rows \d+ of 40\.$/ })).toBeVisible();
  await page.getByText('Export…', { exact: true }).click();

  // Every row read, then checked: the list ends with row 39, the edit kept, checks run.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 40_000 });
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(40);
  await expect(parley.notice).toContainText('Opened slow.parquet');
  await expect(parley.notice).toContainText('40 records');
  await expect(list.getByRole('button', { name: /^Row 0: question 0, edited while reading/ })).toBeVisible();
  await expect(content).toHaveValue('question 1');
  // The list scrolls to the record shown: the last row, checked.
  await page.evaluate(() => window.__parley.dataset.goto(39));
  await expect(content).toHaveValue('question 39');
  if ((await page.evaluate(() => navigator.hardwareConcurrency)) > 1) expect(workers.some((url) => url.includes('group-reader.worker'))).toBe(true);
  const last = list.getByRole('button', { name: /^Row 39: question 39/ });
  await expect(last).toBeVisible();
  await expect(last).not.toHaveAccessibleName(/not checked yet/);
  const file = await exportParquet(page, parley);
  const [before, after] = await Promise.all([readBack(input), readBack(file)]);
  expect(after).toHaveLength(40);
  expect(after[0]?.messages).toEqual([{ role: 'user', content: 'question 0, edited while reading' }, { role: 'assistant', content: 'answer 0' }]);
  for (let i = 1; i < 40; i++) expect(after[i], `row ${i}`).toEqual(before[i]);
  expect(uncaught).toEqual([]);
});
