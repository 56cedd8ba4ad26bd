/**
 * Harmony (gpt-oss) in the app, acting as a person: an example from the gallery, a message's
 * channel and recipient edited in its fields and seen in the preview, and no serious
 * accessibility violations in the header fields. Expected texts are written by hand from the
 * harmony guide's message format (docs/formats.md 'Harmony (gpt-oss)').
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

test('opens the preamble example and edits a message’s channel and recipient', async ({ parley, page }) => {
  test.slow();
  await parley.goto();
  await parley.openExample('Harmony: preamble and built-in python');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('harmony');
  await parley.expectPreviewToContain('<|start|>assistant<|channel|>commentary<|message|>I will compute this with Python.<|end|>');
  await parley.expectPreviewToContain('<|start|>assistant to=python<|channel|>analysis<|message|>print(2**100)<|call|>');
  await expect(page.getByRole('combobox', { name: 'Message 3 channel' })).toHaveValue('analysis');

  // The preamble becomes a call to a function on commentary, constrained to JSON.
  await page.getByRole('combobox', { name: 'Message 2 channel' }).selectOption('commentary');
  await parley.field('Message 2 recipient').fill('functions.plan');
  await parley.field('Message 2 content type').fill('<|constrain|>json');
  await parley.expectPreviewToContain('<|start|>assistant to=functions.plan<|channel|>commentary <|constrain|>json<|message|>I will compute this with Python.<|call|>');

  const serious = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
});
