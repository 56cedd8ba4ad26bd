import { expect, test } from './fixtures.ts';

const USER_FIELD = 'Message 2 part 1 text';

test('reload keeps the edits (field and preview)', async ({ parley, page }) => {
  await parley.goto();
  const field = parley.field(USER_FIELD);
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await parley.expectPreviewToContain('Research machine learning for me today');
  await expect(parley.saveStatus).toHaveText('Saved');

  await page.reload();
  await parley.waitReady();
  await expect(parley.field(USER_FIELD)).toHaveValue('Research machine learning for me today');
  await parley.expectPreviewToContain('Research machine learning for me today');
});

test('an edit made right before the page goes away is not lost', async ({ parley, page }) => {
  await parley.goto();
  await parley.field(USER_FIELD).fill('typed and reloaded at once');
  // No wait for "Saved": the page-hide flush must keep it.
  await page.reload();
  await parley.waitReady();
  await expect(parley.field(USER_FIELD)).toHaveValue('typed and reloaded at once');
});

test('format options survive a reload', async ({ parley, page }) => {
  await parley.goto();
  await page.getByRole('checkbox', { name: 'Thinking' }).uncheck();
  await expect(parley.saveStatus).toHaveText('Saved');
  await page.reload();
  await parley.waitReady();
  await expect(page.getByRole('checkbox', { name: 'Thinking' })).not.toBeChecked();
  expect((await parley.state()).formatOptions).toMatchObject({ enableThinking: false });
});

test('keyboard undo and redo act on the conversation, one step per burst of typing', async ({ parley, page }) => {
  await parley.goto();
  const field = parley.field(USER_FIELD);
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' please');
  await expect(field).toHaveValue('Research machine learning for me please');
  await page.keyboard.press('Control+z');
  await expect(field).toHaveValue('Research machine learning for me');
  await page.keyboard.press('Control+Shift+z');
  await expect(field).toHaveValue('Research machine learning for me please');
  await parley.expectPreviewToContain('for me please');
});
