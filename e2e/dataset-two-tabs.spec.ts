/**
 * Two tabs of the same browser with the same dataset file open (one context: one IndexedDB), as
 * a person meets it: A fixes a record and marks the next one done, B fixes the same record. Before,
 * B's save went in unseen: A's text for that record was written over without a word (and the
 * rest of the two tabs' work silently mixed). Now B is stopped, says so, and the work not chosen
 * stays as a recovery copy.
 */
import { readFile } from 'node:fs/promises';
import { expect, ParleyPage, test } from './fixtures.ts';
import { nameReviewer } from './review-helpers.ts';

const RECORDS = 20;

function file(): string {
  const lines: string[] = [];
  for (let i = 0; i < RECORDS; i++) lines.push(JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: `Question number ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] }));
  return `${lines.join('\n')}\n`;
}

async function open(parley: ParleyPage): Promise<void> {
  await parley.openFile('shared.jsonl', file(), 'application/jsonl');
  await expect(parley.page.getByRole('list', { name: 'Records' })).toBeVisible();
  await expect(parley.page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

async function fix(parley: ParleyPage, line: number, text: string): Promise<void> {
  const list = parley.page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: new RegExp(`^Line ${line}: `) }).click();
  await parley.field('Message 1 content').fill(text);
  // Moving on commits the edit, as a person does.
  await list.getByRole('button', { name: new RegExp(`^Line ${line + 1}: `) }).click();
}

async function bothEdited(parley: ParleyPage, b: ParleyPage) {
  await parley.goto();
  await b.goto();
  await open(parley);
  await open(b);
  await fix(parley, 4, 'Fixed in tab A?');
  await parley.button('Done').click();
  await nameReviewer(parley.page, 'Ana');
  const statusA = parley.page.getByRole('status', { name: 'Dataset save status' });
  await expect(statusA).toHaveText('Edits saved in this browser');
  await fix(b, 4, 'Fixed in tab B?');
  const conflict = b.page.getByRole('region', { name: 'Another tab saved work on this file' });
  await expect(conflict).toBeVisible();
  await expect(b.page.getByRole('status', { name: 'Dataset save status' })).toHaveText(/another tab saved work on this file/);
  return conflict;
}

test('keep this tab’s work: a reload finds it, and the other tab’s work is a recovery copy to download', async ({ parley, context }) => {
  const b = new ParleyPage(await context.newPage());
  const conflict = await bothEdited(parley, b);
  await conflict.getByRole('button', { name: 'Keep this tab’s work' }).click();
  await expect(b.page.getByRole('status', { name: 'Dataset save status' })).toHaveText('Edits saved in this browser');

  await b.page.reload();
  await b.waitReady();
  await open(b);
  const list = b.page.getByRole('list', { name: 'Records' });
  // This tab's work as a whole: its text for line 4, and not the other tab's mark on line 5.
  await expect(list.getByRole('button', { name: /^Line 4: Fixed in tab B\?.*edited/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 5: .*unreviewed/ })).toBeVisible();
  const recovery = b.page.getByRole('region', { name: 'Recovery copy of dataset work' });
  await expect(recovery).toContainText('The other tab’s work, replaced by this tab’s');
  const downloading = b.page.waitForEvent('download');
  await recovery.getByRole('button', { name: 'Download recovery copy' }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  expect(text).toContain('Fixed in tab A?');
  expect(text).not.toContain('Fixed in tab B?');
});

test('take the other tab’s work: it is shown here and kept on reload, and this tab’s is the recovery copy', async ({ parley, context }) => {
  const b = new ParleyPage(await context.newPage());
  const conflict = await bothEdited(parley, b);
  await conflict.getByRole('button', { name: 'Take the other tab’s work' }).click();
  const list = b.page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Line 4: Fixed in tab A\?.*edited/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 5: .*done/ })).toBeVisible();
  await expect(conflict).toHaveCount(0);
  const recovery = b.page.getByRole('region', { name: 'Recovery copy of dataset work' });
  await expect(recovery).toContainText('This tab’s work, replaced by the other tab’s');

  await b.page.reload();
  await b.waitReady();
  await open(b);
  await expect(list.getByRole('button', { name: /^Line 4: Fixed in tab A\?.*edited/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 5: .*done/ })).toBeVisible();
  await expect(recovery).toContainText('This tab’s work, replaced by the other tab’s');
  await recovery.getByRole('button', { name: 'Discard recovery copy' }).click();
  await expect(recovery).toHaveCount(0);
});
