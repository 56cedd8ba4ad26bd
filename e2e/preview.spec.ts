/**
 * The Monaco preview, acting as a person: coloured special tokens, hover docs, click-to-field,
 * field-to-highlight, the toggles, Copy, markers, and updates that keep the view where it was.
 * Monaco tokenizes asynchronously and draws spaces as U+00A0: assertions retry (expect.poll,
 * auto-waiting locators) and normalise text.
 */
import type { Locator, Page } from '@playwright/test';
import { apertusFormat, apertusJsonCodec } from '../src/core/index.ts';
import { expect, normalise, test, type ParleyPage } from './fixtures.ts';

/** The preview pane and the parts of it a test reads. Monaco's own DOM is reached only here. */
class PreviewPane {
  readonly region: Locator;
  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Preview' });
  }

  get tools(): Locator {
    return this.region.getByRole('toolbar', { name: 'Preview tools' });
  }

  button(name: string): Locator {
    return this.tools.getByRole('button', { name, exact: true });
  }

  /**
   * The innermost rendered piece whose text is `text` (a token, a run of words), or starts with
   * it when `prefix` is set (a long run may wrap onto the next line). Spaces match U+00A0.
   */
  piece(text: string, { prefix = false } = {}): Locator {
    const pattern = new RegExp(`^${escapeRegExp(text).replace(/ /g, '[ \\u00a0]')}${prefix ? '' : '$'}`);
    return this.region.locator('.view-line span span').filter({ hasText: pattern }).first();
  }

  /** The visible lines' text, normalised. */
  async visibleText(): Promise<string> {
    return normalise((await this.region.locator('.view-lines').innerText()).replace(/\n/g, ''));
  }

  async colorOf(locator: Locator): Promise<string> {
    return locator.evaluate((element) => getComputedStyle(element).color);
  }

  decorations(kind: 'focus' | 'trainable' | 'line-break' | 'special'): Locator {
    return this.region.locator(`.parley-${kind}`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A system message then user/assistant turns; the text of "Message N content" starts with `Message N says hello.` */
function conversationJson(messages: number): unknown {
  return Array.from({ length: messages }, (_, i) => ({
    role: i === 0 ? 'system' : i % 2 === 1 ? 'user' : 'assistant',
    content: `Message ${i + 1} says hello.\nSecond line of message ${i + 1}.`,
  }));
}

/** Whether the focused element is inside the preview pane (and so no form field took focus). */
function focusInPreview(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('section[aria-label="Preview"]') != null);
}

async function openExample1(parley: ParleyPage): Promise<void> {
  await parley.goto();
  await parley.openExample('Example 1: Simple string format');
  await parley.expectPreviewToContain('What is AI?');
}

test('special tokens stand out from content in both themes, JSON payloads are coloured', async ({ parley, page }) => {
  await parley.goto();
  const preview = new PreviewPane(page);
  const token = preview.piece('<|assistant_start|>');
  const content = preview.piece('Research', { prefix: true });
  await expect(token).toBeVisible();
  await expect.poll(async () => (await preview.colorOf(token)) !== (await preview.colorOf(content)), { message: 'token colour differs from content' }).toBe(true);
  // Polled like the colour above: Monaco may redraw the line between finding the token and reading its style.
  await expect.poll(() => token.evaluate((element) => Number(getComputedStyle(element).fontWeight)), { message: 'special token is bold' }).toBeGreaterThanOrEqual(600);
  // The tool call's JSON: the key and the string value are coloured, differently from prose.
  const key = preview.piece('"query"');
  const value = preview.piece('"machine learning overview"');
  await expect.poll(async () => new Set([await preview.colorOf(key), await preview.colorOf(value), await preview.colorOf(content)]).size).toBe(3);

  const lightToken = await preview.colorOf(token);
  await parley.chooseTheme('dark');
  await expect.poll(() => preview.colorOf(token)).not.toBe(lightToken);
  await expect.poll(async () => (await preview.colorOf(token)) !== (await preview.colorOf(content))).toBe(true);
});

test('hovering a special token shows what it means; hovering content names its field', async ({ parley, page }) => {
  await parley.goto();
  const preview = new PreviewPane(page);
  const doc = apertusFormat.specialTokens.find((t) => t.token === '<|assistant_start|>')?.doc ?? '';
  expect(doc).not.toBe('');
  await preview.piece('<|assistant_start|>').hover();
  await expect(page.getByText(doc, { exact: true })).toBeVisible();

  await page.mouse.move(0, 0);
  await preview.piece('Research', { prefix: true }).hover();
  await expect(page.getByText('messages[1].content.parts[0].text', { exact: true })).toBeVisible();
});

test('Ctrl+clicking text in the preview focuses the form field that produced it; a plain click places the caret', async ({ parley, page }) => {
  await openExample1(parley);
  const preview = new PreviewPane(page);
  await preview.piece('What is AI?').click({ modifiers: ['ControlOrMeta'] });
  await expect(parley.field('Message 2 content')).toBeFocused();
  await preview.piece('AI stands for Artificial Intelligence.').click({ modifiers: ['ControlOrMeta'] });
  await expect(parley.field('Message 3 content')).toBeFocused();
  // A special token stands for its message: the click goes to that message.
  await preview.piece('<|user_start|>').click({ modifiers: ['ControlOrMeta'] });
  await expect.poll(async () => (await parley.state()).focusedPath?.slice(0, 2)).toEqual(['messages', 1]);
  expect(await focusInPreview(page)).toBe(false);
  // The text is editable: a plain click puts the caret there, and Alt+Enter goes to the field.
  await preview.piece('What is AI?').click();
  await expect.poll(() => focusInPreview(page)).toBe(true);
  await page.keyboard.press('Alt+Enter');
  await expect(parley.field('Message 2 content')).toBeFocused();
  // A drag selects text in the preview and sends focus nowhere else.
  const box = (await preview.piece('AI stands for Artificial Intelligence.').boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(200);
  expect(await focusInPreview(page)).toBe(true);
});

test('focusing a field highlights its text and scrolls the preview to it', async ({ parley, page }) => {
  await parley.goto();
  const preview = new PreviewPane(page);
  expect((await parley.load(conversationJson(300))).ok).toBe(true);
  await parley.expectPreviewToContain('Message 300 says hello.');
  await expect(preview.decorations('focus')).toHaveCount(0);

  await parley.field('Message 1 content').focus();
  const highlighted = preview.decorations('focus').first();
  await expect(highlighted).toBeVisible();
  // The highlight lies over the field's text.
  const text = (await preview.piece('Message 1 says hello.').boundingBox())!;
  const mark = (await highlighted.boundingBox())!;
  expect(mark.y).toBeLessThanOrEqual(text.y + text.height / 2);
  expect(mark.y + mark.height).toBeGreaterThanOrEqual(text.y + text.height / 2);

  // A field far below (the message list is virtualized: scroll the forms to it): the preview scrolls to its text.
  await expect(preview.piece('Message 290 says hello.')).toHaveCount(0);
  // Scroll the forms pane down as a reader would, a little less than a pane at a time so that
  // every virtualized row is mounted on the way, until the field is there (in the page: one step
  // per frame, no round trip per step).
  await page.getByTestId('conversation-editor').evaluate(async (scroller) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < 400 && !document.querySelector('[aria-label="Message 290 content"]'); i++) {
      scroller.scrollBy(0, scroller.clientHeight * 0.8);
      await frame();
      await frame();
    }
  });
  await parley.field('Message 290 content').focus();
  await expect(preview.piece('Message 290 says hello.')).toBeVisible();
  await expect(preview.decorations('focus').first()).toBeVisible();
});

test('typing updates the preview as you type, with exactly the rendered text', async ({ parley, page }) => {
  await parley.goto();
  expect((await parley.load(conversationJson(200))).ok).toBe(true);
  await page.evaluate(() => {
    const w = window as unknown as { updates: number };
    w.updates = 0;
    window.addEventListener('parley:preview-updated', () => (w.updates += 1));
  });
  const first = parley.field('Message 1 content');
  await first.focus();
  await first.press('Control+End');
  await page.keyboard.type(' More');
  await parley.expectPreviewToContain('Second line of message 1. More');
  // One update per keystroke.
  await expect.poll(() => page.evaluate(() => (window as unknown as { updates: number }).updates)).toBe(5);
  // The model holds exactly the render (no drift from applying edits).
  const { record } = await parley.state();
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(apertusFormat.render(record).text);
});

test('an update keeps the reader’s place and selection in the preview (an edit, not a reload)', async ({ parley, page }) => {
  await parley.goto();
  const preview = new PreviewPane(page);
  const json = conversationJson(200) as { role: string; content: string }[];
  expect((await parley.load(json)).ok).toBe(true);
  await parley.expectPreviewToContain('Message 200 says hello.');
  // Scroll down the preview and select a piece of text there.
  const box = (await preview.region.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 4000);
  await expect(preview.piece('Message 1 says hello.', { prefix: true })).toHaveCount(0);
  // A message in the middle of the view (the top and bottom lines may be cut by the edges).
  const shown = [...(await preview.visibleText()).matchAll(/Message \d+ says hello\./g)].map((m) => m[0]);
  const reading = shown[Math.floor(shown.length / 2)];
  expect(reading).toBeDefined();
  const piece = (await preview.piece(reading!, { prefix: true }).boundingBox())!;
  await page.mouse.move(piece.x + 2, piece.y + piece.height / 2);
  await page.mouse.down();
  await page.mouse.move(piece.x + piece.width - 2, piece.y + piece.height / 2, { steps: 5 });
  await page.mouse.up();
  const selection = preview.region.locator('.selected-text');
  await expect(selection.first()).toBeVisible();

  // The first message changes (far above the view): the preview applies an edit there.
  json[0] = { role: 'system', content: 'Message 1 says hello, and more.\nSecond line of message 1.' };
  expect((await parley.load(json)).ok).toBe(true);
  await parley.expectPreviewToContain('Message 1 says hello, and more.');
  expect(await preview.visibleText()).toContain(reading!);
  await expect(selection.first()).toBeVisible();
});

test('Shade trainable and Show whitespace change the rendering', async ({ parley, page }) => {
  await openExample1(parley);
  const preview = new PreviewPane(page);
  const shade = preview.button('Shade trainable');
  const whitespace = preview.button('Show whitespace');
  await expect(shade).toHaveAttribute('aria-pressed', 'false');
  await expect(preview.decorations('trainable')).toHaveCount(0);

  await shade.click();
  await expect(shade).toHaveAttribute('aria-pressed', 'true');
  await expect(preview.decorations('trainable').first()).toBeVisible();
  // The shading lies on the assistant's answer, not on the user's question.
  const answer = (await preview.piece('AI stands for Artificial Intelligence.').boundingBox())!;
  const question = (await preview.piece('What is AI?').boundingBox())!;
  const shaded = await preview.decorations('trainable').evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right })));
  const covers = (box: { x: number; y: number; width: number; height: number }) => shaded.some((r) => r.top <= box.y + box.height / 2 && r.bottom >= box.y + box.height / 2 && r.left <= box.x + 1 && r.right >= box.x + box.width - 1);
  expect(covers(answer)).toBe(true);
  expect(covers(question)).toBe(false);
  await shade.click();
  await expect(preview.decorations('trainable')).toHaveCount(0);

  // Monaco draws spaces as dots in an overlay (SVG); line breaks get a ↵ marker after the line.
  const dots = preview.region.locator('.view-overlays svg');
  await expect(dots).toHaveCount(0);
  await expect(preview.decorations('line-break')).toHaveCount(0);
  await whitespace.click();
  await expect(whitespace).toHaveAttribute('aria-pressed', 'true');
  await expect(dots.first()).toBeVisible();
  await expect(preview.decorations('line-break')).toHaveCount(1);
  await expect(preview.decorations('line-break').first()).toHaveText('↵');
  // The marker is drawn, not part of the text.
  expect(await page.evaluate(() => window.__parley.renderedText())).not.toContain('↵');
  await whitespace.click();
  await expect(dots).toHaveCount(0);
  await expect(preview.decorations('line-break')).toHaveCount(0);
});

test('Copy puts the exact rendered text on the clipboard, carriage returns and emoji included', async ({ parley, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await parley.goto();
  const preview = new PreviewPane(page);
  const json = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Windows line\r\nend and a lone \r too 😀' },
    { role: 'assistant', content: 'OK' },
  ];
  expect((await parley.load(json)).ok).toBe(true);
  const decoded = apertusJsonCodec.decode(json).record;
  expect(decoded).toBeDefined();
  const expected = apertusFormat.render(decoded!).text;
  expect(expected).toContain('\r\n');
  await parley.expectPreviewToContain('Be brief.');
  // The preview shows each \r as ␍ (one character, so offsets stay exact) …
  await expect(preview.piece('end and a lone ␍ too 😀')).toBeVisible();
  // … and Copy gives the exact text.
  await preview.button('Copy').click();
  await expect(preview.tools.getByRole('status')).toHaveText(`Copied ${[...expected].length} characters.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  expect(await page.evaluate(() => window.__parley.renderedText())).toBe(expected);
  await expect(preview.tools.getByText(`${[...expected].length} characters`, { exact: true })).toBeVisible();
});

test('Download saves the exact text as a .txt file', async ({ parley, page }) => {
  await openExample1(parley);
  const preview = new PreviewPane(page);
  const [download] = await Promise.all([page.waitForEvent('download'), preview.button('Download').click()]);
  expect(download.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.apertus\.txt$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path, 'utf8')).toBe(await page.evaluate(() => window.__parley.renderedText()));
});

test('diagnostics show as markers on the text their field produced', async ({ parley, page }) => {
  await parley.goto();
  const preview = new PreviewPane(page);
  const json = [
    { role: 'user', content: 'Go' },
    { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'search', arguments: '{"q": ' }] }] } },
  ];
  expect((await parley.load(json)).ok).toBe(true);
  const count = preview.tools.getByText(/^\d+ diagnostics?$/);
  await expect(count).not.toHaveText('0 diagnostics');
  const message = (await parley.state()).diagnostics.find((d) => d.path?.includes('arguments'))?.message;
  expect(message).toBeDefined();
  await preview.piece('"q"').hover();
  await expect(page.getByText(message!, { exact: false }).first()).toBeVisible();
});
