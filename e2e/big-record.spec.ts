/**
 * A big record stays usable (issue 20, item 7): a conversation with one 20 MB message opens,
 * its short messages can be typed in with the preview following, and the big message is edited
 * in parts. Correctness only: the timings are `npm run bench:ui -- --big`.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BIG_CHARS = 20_000_000;
/** Numbered lines of 100 characters: every part of the text is found in one place only. */
const BIG = Array.from({ length: BIG_CHARS / 100 }, (_, i) => `${String(i).padStart(7, '0')} the model reads tokens and writes answers while people check each turn of the conversations\n`).join('');
const FILE = JSON.stringify([
  { role: 'user', content: 'Short message 1.' },
  { role: 'assistant', content: BIG },
  ...Array.from({ length: 9 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Short message ${i + 3}.` })),
]);

/** Whether the preview's text contains `text` (searched in the page: the text is 20 MB). */
async function previewHas(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => window.__parley.renderedText().includes(wanted), text);
}

test.describe('a conversation with a 20 MB message', () => {
  test.setTimeout(120_000);

  test('opens, and typing in a short message updates the preview', async ({ parley, page }) => {
    await parley.goto();
    await parley.openFile('big.json', FILE);
    await expect(parley.notice).toContainText('Opened big.json', { timeout: 60_000 });
    await expect(parley.field('Message 3 content')).toHaveValue('Short message 3.');
    await expect.poll(() => previewHas(page, '<|user_start|>Short message 11.<|user_end|>'), { timeout: 30_000 }).toBe(true);

    await parley.field('Message 3 content').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited here.');
    await expect(parley.field('Message 3 content')).toHaveValue('Short message 3. Edited here.');
    await expect.poll(() => previewHas(page, '<|user_start|>Short message 3. Edited here.<|user_end|>'), { timeout: 30_000 }).toBe(true);
    // Nothing else moved: the big message is whole, the last message is still there.
    await expect.poll(() => previewHas(page, `${BIG.slice(-200)}<|assistant_end|><|user_start|>Short message 3. Edited here.`)).toBe(true);
  });

  test('the 20 MB message is edited in parts, and an edit in a later part reaches the preview', async ({ parley, page }) => {
    await parley.goto();
    await parley.openFile('big.json', FILE);
    const big = parley.field('Message 2 content');
    const parts = page.getByRole('group', { name: 'Parts of Message 2 content' });
    await expect(parts).toContainText('Long text, edited in parts: characters 1–', { timeout: 60_000 });
    await expect(parts).toContainText('of 20,000,000.');
    expect((await big.inputValue()).length).toBeLessThanOrEqual(100_000);

    await parts.getByRole('button', { name: 'Next part' }).click();
    const second = await big.inputValue();
    expect(BIG.indexOf(second.slice(0, 100))).toBeGreaterThan(0);
    await big.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('EDIT ');
    await expect(parts).toContainText('of 20,000,005.');
    await expect.poll(() => previewHas(page, `EDIT ${second.slice(0, 200)}`), { timeout: 30_000 }).toBe(true);
    // The first part is as it was.
    await parts.getByRole('button', { name: 'Previous part' }).click();
    expect((await big.inputValue()).startsWith(BIG.slice(0, 1000))).toBe(true);
  });
});
