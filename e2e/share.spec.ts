import { randomBytes } from 'node:crypto';
import { expect, newGuardedPage, test } from './fixtures.ts';

test('a share link opens the same conversation, format and options in another browser', async ({ parley, page, browser, baseURL, watch }) => {
  await parley.goto();
  await parley.field('Message 2 part 1 text').fill('Shared question');
  await page.getByRole('checkbox', { name: 'Generation prompt' }).check();
  await parley.expectPreviewToContain('Shared question');
  const link = await parley.shareLink();
  expect(link).toMatch(/#share=v1\.[A-Za-z0-9_-]+$/);
  const expectedText = await parley.previewText();
  const expected = await parley.state();

  const other = await newGuardedPage(browser, baseURL, watch);
  await other.parley.goto(link);
  await expect(other.parley.field('Message 2 part 1 text')).toHaveValue('Shared question');
  await expect.poll(() => other.parley.previewText()).toBe(expectedText);
  const state = await other.parley.state();
  expect(state.formatId).toBe(expected.formatId);
  expect(state.formatOptions).toMatchObject({ addGenerationPrompt: true });
  // The fragment is removed once loaded, so a reload does not load it over newer edits.
  expect(new URL(other.parley.page.url()).hash).toBe('');
  await other.context.close();
});

test('a damaged share link says so and loads nothing', async ({ parley }) => {
  await parley.goto('./#share=v1.this-is-not-a-conversation');
  await expect(parley.alert).toContainText('This share link cannot be opened');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});

test('a conversation too large for a link is refused with a message', async ({ parley, page }) => {
  await parley.goto();
  // Random text does not compress: about 60,000 characters of base64 make a link far over the limit.
  const noise = randomBytes(45_000).toString('base64');
  const result = await parley.load([{ role: 'user', content: noise }]);
  expect(result.ok).toBe(true);
  await parley.button('Share').click();
  await expect(parley.alert).toContainText('too large for a link');
  await expect(page.getByRole('dialog', { name: 'Share link' })).toBeHidden();
});
