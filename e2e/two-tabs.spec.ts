/**
 * Two tabs of the same browser on the same saved conversation (one context: one IndexedDB), as
 * a person meets it: edit in A, edit in B. Before, B saved over A, both said "Saved" and A's edit
 * was gone. Now the tab that would overwrite says so, saves nothing until the person chooses,
 * and the version not chosen stays as a recovery copy that can be opened or downloaded.
 */
import { readFile } from 'node:fs/promises';
import { expect, ParleyPage, test } from './fixtures.ts';

const USER_FIELD = 'Message 2 part 1 text';

async function twoTabsBothEdited(parley: ParleyPage, openB: () => Promise<ParleyPage>) {
  await parley.goto();
  const b = await openB();
  await b.goto();
  await parley.field(USER_FIELD).fill('Edited in tab A');
  await expect(parley.saveStatus).toHaveText('Saved');
  await b.field(USER_FIELD).fill('Edited in tab B');
  const conflict = b.page.getByRole('region', { name: 'Another tab saved this conversation' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('This tab has stopped saving');
  await expect(b.saveStatus).toHaveText(/Not saved: another tab saved this conversation/);
  return b;
}

test('keep this tab’s version: it is what a reload shows, and the other tab’s edit is a recovery copy that opens', async ({ parley, context }) => {
  const b = await twoTabsBothEdited(parley, async () => new ParleyPage(await context.newPage()));
  await b.button('Keep this tab’s version').click();
  await expect(b.saveStatus).toHaveText('Saved');
  await expect(b.page.getByRole('region', { name: 'Another tab saved this conversation' })).toHaveCount(0);

  await b.page.reload();
  await b.waitReady();
  await expect(b.field(USER_FIELD)).toHaveValue('Edited in tab B');
  const recovery = b.page.getByRole('region', { name: 'Recovery copy' });
  await expect(recovery).toContainText('The other tab’s version');
  await b.button('Open recovery copy').click();
  await expect(b.field(USER_FIELD)).toHaveValue('Edited in tab A');
  // Swapped, not dropped: what was shown is the recovery copy now.
  await expect(recovery).toContainText('The version you had open before opening a recovery copy');
  await expect(b.saveStatus).toHaveText('Saved');

  // Tab A read what it saved; B has saved twice since: A is told at once and does not overwrite.
  await expect(parley.page.getByRole('region', { name: 'Another tab saved this conversation' })).toBeVisible();
  await expect(parley.field(USER_FIELD)).toHaveValue('Edited in tab A');
});

test('take the other tab’s version: it is shown and kept on reload, and this tab’s edit is a recovery copy to download', async ({ parley, context }) => {
  const b = await twoTabsBothEdited(parley, async () => new ParleyPage(await context.newPage()));
  await b.button('Take the other tab’s version').click();
  await expect(b.field(USER_FIELD)).toHaveValue('Edited in tab A');
  await expect(b.saveStatus).toHaveText('Saved');

  await b.page.reload();
  await b.waitReady();
  await expect(b.field(USER_FIELD)).toHaveValue('Edited in tab A');
  const recovery = b.page.getByRole('region', { name: 'Recovery copy' });
  await expect(recovery).toContainText('This tab’s version, replaced by the other tab’s');
  const downloading = b.page.waitForEvent('download');
  await b.button('Download recovery copy').click();
  const download = await downloading;
  const copies = JSON.parse(await readFile(await download.path(), 'utf8')) as { envelope: unknown }[];
  expect(copies).toHaveLength(1);
  expect(JSON.stringify(copies[0]?.envelope)).toContain('Edited in tab B');
  expect(JSON.stringify(copies[0]?.envelope)).not.toContain('Edited in tab A');
  await b.button('Discard recovery copy').click();
  await expect(recovery).toHaveCount(0);

  // Both tabs now stand on A's save: A goes on saving without a conflict.
  await parley.field(USER_FIELD).fill('A again');
  await expect(parley.saveStatus).toHaveText('Saved');
  await expect(parley.page.getByRole('region', { name: 'Another tab saved this conversation' })).toHaveCount(0);
});
