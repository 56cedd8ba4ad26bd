import { expect, ParleyPage, test } from './fixtures.ts';

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

test('the toolbar says "Unsaved changes" while typing, then "Saved"', async ({ parley, page }) => {
  await parley.goto();
  await expect(parley.saveStatus).toHaveText('Saved');
  await parley.field(USER_FIELD).click();
  await page.keyboard.press('End');
  // "Unsaved changes" lasts only the save debounce (300 ms): record every text the status shows,
  // in the page, from before the keystroke, rather than hope a poll lands inside that window.
  await parley.saveStatus.evaluate((status) => {
    const seen: string[] = [];
    (window as unknown as { __statusSeen: string[] }).__statusSeen = seen;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.type('!');
  await expect(parley.saveStatus).toHaveText('Saved');
  const seen = await page.evaluate(() => (window as unknown as { __statusSeen: string[] }).__statusSeen);
  expect(seen).toContain('Unsaved changes');
  expect(seen.indexOf('Unsaved changes')).toBeLessThan(seen.lastIndexOf('Saved'));
});

/**
 * 20,000 messages of ~450 characters: about 10 MB of JSON, twice what localStorage holds. Before
 * the page-hide copy was a delta, an edit made just before closing such a document was lost.
 */
test('an edit made 50 ms before closing the tab survives in a 20,000-message document', async ({ parley, page, context }) => {
  test.setTimeout(180_000);
  await parley.goto();
  const words = 'tokenizer template assistant message training mask special token preview format export'.split(' ');
  const messages = Array.from({ length: 20_000 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `m${i} ${Array.from({ length: 60 }, (_, w) => words[(i * 7 + w * 3) % words.length]).join(' ')}`,
  }));
  expect((await parley.load(messages)).ok).toBe(true);
  await expect(parley.saveStatus).toHaveText('Saved', { timeout: 60_000 });
  expect(JSON.stringify((await parley.state()).record).length).toBeGreaterThan(9_000_000);

  await parley.field('Message 1 content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' edited just before closing');
  await page.waitForTimeout(50);
  await page.close();

  const next = new ParleyPage(await context.newPage());
  await next.goto();
  await expect(next.field('Message 1 content')).toHaveValue(/ edited just before closing$/, { timeout: 60_000 });
  const restored = await next.page.evaluate(() => {
    const { record } = window.__parley.state();
    return record.kind === 'chat' ? { count: record.messages.length, last: record.messages[19_999]?.content } : undefined;
  });
  expect(restored).toMatchObject({ count: 20_000, last: { text: expect.stringMatching(/^m19999 /) } });
});
