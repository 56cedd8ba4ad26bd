/**
 * Issue 27 in the app: a Parquet file (made by the test with hyparquet-writer) opens in the
 * dataset view; a record is edited as a person types; Export Parquet writes the file again,
 * which, read back, has the edited row changed and every other row and column as it was.
 */
import { parquetReadObjects } from 'hyparquet';
import { chatParquet, chatRow } from '../src/core/dataset/source/parquet-fixture.ts';
import { expect, test } from './fixtures.ts';

const ROWS = Array.from({ length: 12 }, (_, i) => chatRow(i));

test('a Parquet file: opened, a record edited, exported as Parquet with every other value kept', async ({ parley, page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await parley.goto();
  const input = Buffer.from(chatParquet(ROWS, 5));
  await page.getByLabel('Open a JSON file').setInputFiles({ name: 'chats.parquet', mimeType: 'application/vnd.apache.parquet', buffer: input });
  await expect(parley.notice).toContainText('Opened chats.parquet');
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue('question 0');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /^Line 8: question 7/ }).click();
  await expect(content).toHaveValue('question 7');
  await content.fill('question 7, edited');
  await list.getByRole('button', { name: /^Line 1: question 0/ }).click();
  await expect(list.getByRole('button', { name: /^Line 8: question 7, edited/ })).toBeVisible();

  await page.getByText('Export…', { exact: true }).click();
  await expect(page.getByText('The Parquet file is rewritten, not patched byte for byte')).toBeVisible();
  const download = page.waitForEvent('download');
  await parley.button('Export Parquet').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('chats.parley.parquet');
  await expect(parley.notice).toContainText('Exported chats.parley.parquet: the Parquet file is rewritten, not patched byte for byte');
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const out = Buffer.concat(chunks);
  const [before, after] = await Promise.all([
    parquetReadObjects({ file: input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) }),
    parquetReadObjects({ file: out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) }),
  ]);
  expect(after).toHaveLength(ROWS.length);
  for (let i = 0; i < ROWS.length; i++) {
    const expected = i === 7 ? { ...before[i], messages: [{ role: 'user', content: 'question 7, edited' }, { role: 'assistant', content: 'answer 7' }] } : before[i];
    expect(after[i], `row ${i}`).toEqual(expected);
  }
  expect(uncaught).toEqual([]);
});
