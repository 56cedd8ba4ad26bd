/**
 * The formats whose code loads on demand (Format.prepare: ChatML, Llama 3.1, harmony; docs/architecture.md,
 * 'Contract: format'): a session or share link in one of them opens rendered, never on the
 * "loading" placeholder, and the Text view reads typed text back with the loaded parser.
 * Expected texts are written by hand from harmony's message format (docs/formats.md).
 */
import { expect, newGuardedPage, test } from './fixtures.ts';

const LOADING = 'format/loading';

test('a session saved in harmony and a share link in Llama 3.1 open rendered from their first text', async ({ parley, page, browser, baseURL, watch }) => {
  test.slow();
  await parley.goto();
  await parley.openExample('Harmony: preamble and built-in python');
  await parley.expectPreviewToContain('<|start|>assistant<|channel|>commentary<|message|>I will compute this with Python.<|end|>');
  await expect(parley.saveStatus).toHaveText('Saved');

  await page.reload();
  await parley.waitReady();
  // Read once, not polled: the preview's first text is the render, not the loading placeholder.
  expect(await parley.previewText()).toContain('<|start|>assistant<|channel|>commentary<|message|>I will compute this with Python.<|end|>');
  expect((await parley.state()).diagnostics.map((d) => d.code)).not.toContain(LOADING);

  await parley.setFormat('llama3');
  await parley.expectPreviewToContain('<|start_header_id|>assistant<|end_header_id|>');
  const link = await parley.shareLink();
  const other = await newGuardedPage(browser, baseURL, watch);
  await other.parley.goto(link);
  expect(await other.parley.previewText()).toContain('<|start_header_id|>assistant<|end_header_id|>');
  expect((await other.parley.state()).formatId).toBe('llama3');
  await other.context.close();
});

test('typing in the Text view of a harmony conversation reads it back into the record', async ({ parley, page }) => {
  await parley.goto();
  await parley.openExample('Harmony: preamble and built-in python');
  await parley.expectPreviewToContain('<|message|>I will compute this with Python.<|end|>');
  // The cursor at the start of the preamble's text (the left edge of its piece), then typing.
  const piece = page.locator('.monaco-editor .view-line span span').filter({ hasText: /^I[ \u00a0]will[ \u00a0]compute/ }).first();
  await piece.click({ position: { x: 1, y: 5 } });
  await page.keyboard.type('Now ');
  await expect(page.getByRole('status', { name: 'Text view status' })).toContainText('Read back into the conversation');
  expect(JSON.stringify((await parley.state()).record)).toContain('Now I will compute this with Python.');
  await parley.expectPreviewToContain('<|message|>Now I will compute this with Python.<|end|>');
});
