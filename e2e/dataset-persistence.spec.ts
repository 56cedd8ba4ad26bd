/**
 * A dataset's work is not lost, as a person meets it: edit a record, mark one done and flag
 * another, reload the page, open the same file again → the edits and the marks are back and
 * said; open a changed file of the same name → the change is said and the old edits are not
 * applied (and can be discarded). And Save in place: a file opened with "Open to save in
 * place…" is written back into that very file (the browser's picker is stood in for by a
 * handle from the origin-private file system, a real FileSystemFileHandle).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { nameReviewer } from './review-helpers.ts';

const RECORDS = 200;

function record(i: number, question = `Question number ${i}?`): string {
  return JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: question }, { role: 'assistant', content: `Answer ${i}.` }] });
}

function file(change?: { at: number; question: string }): string {
  const lines: string[] = [];
  for (let i = 0; i < RECORDS; i++) lines.push(change?.at === i ? record(i, change.question) : record(i));
  return `${lines.join('\n')}\n`;
}

async function exportedLines(page: Page): Promise<string[]> {
  const bytes = await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()));
  return Buffer.from(bytes).toString('utf8').split('\n');
}

test('edits and review marks survive a reload; a changed file of the same name is said and its old edits are not applied', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('reviews.jsonl', file(), 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // Fix record 4 (line 4) in the editors, move on; mark line 6 done and flag line 8.
  await list.getByRole('button', { name: /^Line 4: / }).click();
  await expect(parley.field('Message 1 content')).toHaveValue('Question number 3?');
  await parley.field('Message 1 content').fill('Question number 3, fixed?');
  await list.getByRole('button', { name: /^Line 6: / }).click();
  await parley.button('Done').click();
  await nameReviewer(page, 'Ana');
  await list.getByRole('button', { name: /^Line 8: / }).click();
  await parley.button('Flag').click();
  await expect(list.getByRole('button', { name: /^Line 4: .*edited/ })).toBeVisible();
  const status = page.getByRole('status', { name: 'Dataset save status' });
  await expect(status).toHaveText('Edits saved in this browser');
  const before = await exportedLines(page);
  expect(before[3]).toContain('Question number 3, fixed?');

  // Reload and open the same file again.
  await page.reload();
  await page.evaluate(() => window.__parley.ready);
  await parley.openFile('reviews.jsonl', file(), 'application/jsonl');
  await expect(parley.notice).toContainText('Restored 1 edit and 2 statuses from your last session on reviews.jsonl');
  await expect(list.getByRole('button', { name: /^Line 4: Question number 3, fixed\?.*edited/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 6: .*done/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 8: .*flagged/ })).toBeVisible();
  // The record that was open is open again.
  await expect(parley.field('Message 1 content')).toHaveValue('Question number 7?');
  expect(await exportedLines(page)).toEqual(before);

  // The file changed on disk (one record edited elsewhere, to a text as long: the same size), same name: said, edits not applied.
  // Leaving a dataset with changes asks first; they are saved in this browser, and the question says so.
  const question = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.message()); void dialog.accept(); }));
  await parley.openFile('reviews.jsonl', file({ at: 150, question: 'Changed on disk 150?' }), 'application/jsonl');
  expect(await question).toContain('Your changes stay saved in this browser');
  const banner = page.getByRole('region', { name: 'Saved edits of a changed file' });
  await expect(banner).toContainText('reviews.jsonl changed since you last worked on it (it has the same size');
  await expect(banner).toContainText('Its 1 edit and 2 statuses saved for the old file were not applied');
  await expect(list.getByRole('button', { name: /^Line 4: Question number 3\?/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 6: .*unreviewed/ })).toBeVisible();
  await banner.getByRole('button', { name: 'Discard the old edits' }).click();
  await expect(banner).toBeHidden();
  await expect(parley.notice).toContainText('Discarded the saved edits of the old reviews.jsonl');

  // Discarded for good: the original file opens with nothing restored.
  await page.reload();
  await page.evaluate(() => window.__parley.ready);
  await parley.openFile('reviews.jsonl', file(), 'application/jsonl');
  await expect(status).toHaveText('Edits saved in this browser');
  await expect(list.getByRole('button', { name: /^Line 4: Question number 3\?/ })).toBeVisible();
});

test('Save writes a file opened with "Open to save in place…" back into that file; only the edited line changes', async ({ parley, page }) => {
  // The browser's picker answers with a handle to a file of the origin-private file system.
  await page.addInitScript(() => {
    (window as unknown as { showOpenFilePicker: () => Promise<FileSystemFileHandle[]> }).showOpenFilePicker = async () => {
      const root = await navigator.storage.getDirectory();
      return [await root.getFileHandle('inplace.jsonl')];
    };
  });
  await parley.goto();
  const original = file();
  await page.evaluate(async (text) => {
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle('inplace.jsonl', { create: true });
    const writable = await handle.createWritable();
    await writable.write(text);
    await writable.close();
  }, original);
  const readBack = () =>
    page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      return (await (await root.getFileHandle('inplace.jsonl')).getFile()).text();
    });

  await parley.fileMenu('Open dataset to save in place…');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await list.getByRole('button', { name: /^Line 2: / }).click();
  await parley.field('Message 1 content').fill('Saved in place?');
  await list.getByRole('button', { name: /^Line 3: / }).click();
  await parley.button('Done').click();
  await nameReviewer(page, 'Ana');
  await parley.button(/^Save$/).click();
  await expect(parley.notice).toContainText('Saved inplace.jsonl');

  const saved = (await readBack()).split('\n');
  const lines = original.split('\n');
  expect(saved).toHaveLength(lines.length);
  expect(saved.filter((line, i) => line !== lines[i])).toEqual([record(1, 'Saved in place?')]);
  // The saved file is the dataset now: the edit is its content, the mark followed its record.
  await expect(list.getByRole('button', { name: /^Line 2: Saved in place\?/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 3: .*done/ })).toBeVisible();
  expect((await exportedLines(page)).join('\n')).toBe(saved.join('\n'));
  // The saved file is not taken for a changed one: the old content's work was dropped, the marks saved anew.
  await expect(page.getByRole('status', { name: 'Dataset save status' })).toHaveText('Edits saved in this browser');
  await expect(page.getByRole('region', { name: 'Saved edits of a changed file' })).toHaveCount(0);
  await page.reload();
  await page.evaluate(() => window.__parley.ready);
  await parley.fileMenu('Open dataset to save in place…');
  await expect(parley.notice).toContainText('Restored 1 status from your last session on inplace.jsonl');
});

test('Save downloads a file opened without write access, and says why', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('plain.jsonl', file(), 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  const download = page.waitForEvent('download');
  await parley.button('Save (download)').click();
  expect((await download).suggestedFilename()).toBe('plain.jsonl');
  await expect(parley.notice).toContainText('Downloaded plain.jsonl');
});
