/**
 * Save gives the review file with the dataset (issue 26): a person reviews, deletes a record
 * above the reviewed one and saves; two files come down, the dataset and its review file, and
 * the review file names the record by its line and bytes in the SAVED file (one line up).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { nameReviewer } from './review-helpers.ts';

const record = (i: number) => JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] });
const LINES = Array.from({ length: 4 }, (_, i) => record(i + 1));
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('Save (download) gives the dataset and its review file, the marks on the saved lines', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('team.jsonl', `${LINES.join('\n')}\n`, 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /^Line 3: / }).click();
  await parley.button('Done').click();
  await nameReviewer(page, 'Ana');
  await expect(list.getByRole('button', { name: /^Line 3: .*\bdone\b/ })).toBeVisible();
  await parley.button('Delete the record at line 1').click();

  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await parley.button('Save (download)').click();
  await expect(parley.notice).toContainText('Downloaded team.review.jsonl (1 reviewed record(s)) beside it');
  await expect.poll(() => downloads.map((d) => d.suggestedFilename())).toEqual(['team.jsonl', 'team.review.jsonl']);
  const saved = await readFile(await (downloads[0] as Download).path(), 'utf8');
  expect(saved).toBe(`${LINES.slice(1).join('\n')}\n`);
  const review = (await readFile(await (downloads[1] as Download).path(), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  // Record 3 is line 2 of the saved file.
  expect(review).toEqual([expect.objectContaining({ line: 2, fingerprint: sha256(LINES[2] as string), status: 'done', reviewer: 'Ana' })]);
});
