/**
 * The hidden Text view waits (issue 23 item 6, src/app/preview/controller.ts): while another tab
 * is shown, typing costs the Text view's Monaco nothing (its model is not changed at all), the
 * test API still reads the text of the current state, and when the Text view is shown again it
 * shows that text in one minimal edit: the reader's place, the caret and the focused field's
 * highlight are as they would have been had it been shown all along.
 */
import type { Locator, Page } from '@playwright/test';
import { findFormat, type ParleyRecord } from '../src/core/index.ts';
import { expect, normalise, test, type ParleyPage } from './fixtures.ts';

/** A system message then user/assistant turns; the text of "Message N content" starts with `Message N says hello.` */
function conversationJson(messages: number): unknown {
  return Array.from({ length: messages }, (_, i) => ({
    role: i === 0 ? 'system' : i % 2 === 1 ? 'user' : 'assistant',
    content: `Message ${i + 1} says hello.\nSecond line of message ${i + 1}.`,
  }));
}

/** The render of `record` in `formatId`, computed here by the core: what the preview must hold. */
function render(formatId: string, record: ParleyRecord): string {
  const format = findFormat(formatId);
  if (!format) throw new Error(`${formatId} is not registered`);
  return format.render(record).text;
}

async function storeRender(parley: ParleyPage): Promise<string> {
  const { formatId, record } = await parley.state();
  return render(formatId, record);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const region = (page: Page) => page.getByRole('region', { name: 'Preview' });
/** The Text view's lines on screen, spaces normalised (Monaco draws them as U+00A0). */
const visibleText = async (page: Page) => normalise((await region(page).locator('.view-lines').innerText()).replace(/\n/g, ''));
const version = (page: Page) => page.evaluate(() => window.__parley.previewModelVersion());

/** The innermost rendered piece of the Text view starting with `text`. */
function piece(page: Page, text: string): Locator {
  const pattern = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\u00a0]')}`);
  return region(page).locator('.view-line span span').filter({ hasText: pattern }).first();
}

/** Scroll the (virtualized) message forms until the field `label` is mounted, as a reader scrolls. */
async function scrollFormsTo(page: Page, label: string): Promise<void> {
  await page.getByTestId('conversation-editor').evaluate(async (scroller, wanted) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 400 && !document.querySelector(`[aria-label="${wanted}"]`); i++) {
      scroller.scrollBy(0, scroller.clientHeight * 0.8);
      await frame();
      await frame();
    }
  }, label);
}

test('typing while the Tokens tab is shown leaves the Text view untouched; shown again, it has the new text where the reader left it', async ({ parley, page }) => {
  await parley.goto();
  expect((await parley.load(conversationJson(200))).ok).toBe(true);
  await parley.expectPreviewToContain('Message 200 says hello.');

  // Scroll the Text view down and place the caret in a message in the middle of the screen.
  const box = (await region(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 4000);
  await expect(piece(page, 'Message 1 says hello.')).toHaveCount(0);
  const shown = [...(await visibleText(page)).matchAll(/Message (\d+) says hello\./g)].map((m) => Number(m[1]));
  const reading = shown[Math.floor(shown.length / 2)]!;
  expect(reading).toBeGreaterThan(1);
  await piece(page, `Message ${reading} says hello.`).click();

  await tab(page, 'Tokens').click();
  await expect(tab(page, 'Tokens')).toHaveAttribute('aria-selected', 'true');
  const before = await version(page);
  expect(before).toBeGreaterThan(0);
  // Type at the end of that message's field, on the Tokens tab.
  const label = `Message ${reading} content`;
  await scrollFormsTo(page, label);
  await parley.field(label).click();
  await parley.field(label).press('Control+End');
  await page.keyboard.type(' typed while hidden');
  await expect(parley.field(label)).toHaveValue(`Message ${reading} says hello.\nSecond line of message ${reading}. typed while hidden`);
  // The test API reads the text of the current state while the Text view is hidden…
  await expect.poll(() => parley.previewText()).toContain(`message ${reading}. typed while hidden`);
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(await storeRender(parley));
  // …and the hidden Monaco model was not changed by any of the 19 keystrokes.
  expect(await version(page)).toBe(before);

  await tab(page, 'Text').click();
  await expect.poll(() => visibleText(page)).toContain(`message ${reading}. typed while hidden`);
  expect(await version(page)).toBeGreaterThan(before!);
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(await storeRender(parley));
  // The reader's place survived: the same message is still on screen, not the top of the text.
  await expect(piece(page, 'Message 1 says hello.')).toHaveCount(0);
  expect(await visibleText(page)).toContain(`Message ${reading} says hello.`);
  // And the caret: Alt+Enter in the Text view goes to the field of the text at the caret.
  await page.getByRole('textbox', { name: 'Token text' }).focus();
  await page.keyboard.press('Alt+Enter');
  await expect(parley.field(label)).toBeFocused();
});

test('a field focused while the Tokens tab is shown is highlighted and scrolled to when the Text view is shown again', async ({ parley, page }) => {
  await parley.goto();
  expect((await parley.load(conversationJson(300))).ok).toBe(true);
  await parley.expectPreviewToContain('Message 300 says hello.');
  await expect(piece(page, 'Message 290 says hello.')).toHaveCount(0);

  await tab(page, 'Tokens').click();
  await scrollFormsTo(page, 'Message 290 content');
  await parley.field('Message 290 content').focus();
  await expect.poll(async () => (await parley.state()).focusedPath?.slice(0, 2)).toEqual(['messages', 289]);

  await tab(page, 'Text').click();
  await expect(piece(page, 'Message 290 says hello.')).toBeVisible();
  const highlighted = region(page).locator('.parley-focus').first();
  await expect(highlighted).toBeVisible();
  // The highlight lies over the field's text.
  const text = (await piece(page, 'Message 290 says hello.').boundingBox())!;
  const mark = (await highlighted.boundingBox())!;
  expect(mark.y).toBeLessThanOrEqual(text.y + text.height / 2);
  expect(mark.y + mark.height).toBeGreaterThanOrEqual(text.y + text.height / 2);
  // Revealed in the middle of the view, as when it is shown all along (not computed for a hidden, sizeless editor).
  const editor = (await region(page).locator('.monaco-editor').first().boundingBox())!;
  expect(mark.y).toBeGreaterThan(editor.y + editor.height * 0.25);
  expect(mark.y).toBeLessThan(editor.y + editor.height * 0.75);
});

test('text typed in the Text view and not yet read back is kept when the person switches to the Tokens tab', async ({ parley, page }) => {
  await parley.goto();
  expect((await parley.load(conversationJson(3))).ok).toBe(true);
  await parley.expectPreviewToContain('Second line of message 3.');
  // Type in the Text view, then switch tabs at once (before the pause that reads the text back).
  await piece(page, 'Message 2 says hello.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in the text');
  await tab(page, 'Tokens').click();
  await expect.poll(async () => JSON.stringify((await parley.state()).record)).toContain('Typed in the text');
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(await storeRender(parley));
  // A form edit while the Text view is hidden, then back: both are there.
  await parley.field('Message 1 content').click();
  await parley.field('Message 1 content').press('Control+End');
  await page.keyboard.type(' And in the form');
  await expect.poll(() => parley.previewText()).toContain('message 1. And in the form');
  await tab(page, 'Text').click();
  await expect.poll(() => visibleText(page)).toContain('message 1. And in the form');
  expect(await visibleText(page)).toContain('Typed in the text');
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(await storeRender(parley));
});

test('updates are announced while the Text view is hidden, once per change of the text', async ({ parley, page }) => {
  await parley.goto();
  expect((await parley.load(conversationJson(20))).ok).toBe(true);
  await parley.expectPreviewToContain('Message 20 says hello.');
  await tab(page, 'Tokens').click();
  await page.evaluate(() => {
    const w = window as unknown as { updates: number; heard: number };
    w.updates = 0;
    w.heard = 0;
    window.addEventListener('parley:preview-updated', () => (w.updates += 1));
    window.__parley.onPreviewUpdated(() => (w.heard += 1));
  });
  await parley.field('Message 1 content').click();
  await parley.field('Message 1 content').press('Control+End');
  await page.keyboard.type(' More');
  await parley.expectPreviewToContain('Second line of message 1. More');
  const counts = () => page.evaluate(() => ({ updates: (window as unknown as { updates: number }).updates, heard: (window as unknown as { heard: number }).heard }));
  await expect.poll(counts).toEqual({ updates: 5, heard: 5 });
  // Showing the Text view applies the five changes in one edit, and announces nothing new: the text did not change.
  await tab(page, 'Text').click();
  await expect.poll(() => visibleText(page)).toContain('Second line of message 1. More');
  expect(await counts()).toEqual({ updates: 5, heard: 5 });
});
