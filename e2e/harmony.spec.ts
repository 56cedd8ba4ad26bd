/**
 * Harmony (gpt-oss) in the app, acting as a person: an example from the gallery, a message's
 * channel and recipient edited in its fields and seen in the preview, and no serious
 * accessibility violations in the header fields. Expected texts are written by hand from the
 * harmony guide's message format (docs/formats.md 'Harmony (gpt-oss)'); text before a call is a
 * preamble on commentary from OpenAI and Anthropic files alike (docs/formats.md 'Harmony: preambles').
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

/** The same turn in two dialects: text, then a call in the same assistant message. */
const OPENAI_TURN = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    { role: 'assistant', content: 'It is sunny.' },
  ],
};
const ANTHROPIC_TURN = {
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Bern' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
    { role: 'assistant', content: 'It is sunny.' },
  ],
};

test('text before a call is a preamble on commentary, whether the file is OpenAI or Anthropic (issue 22)', async ({ parley, page }) => {
  test.slow();
  await parley.goto();
  await parley.openFile('openai.json', JSON.stringify(OPENAI_TURN, null, 2));
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Harmony (gpt-oss)' });
  const preamble = '<|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city": "Bern"}<|call|>';
  await parley.expectPreviewToContain(preamble);
  const fromOpenAi = await parley.previewText();

  await parley.openFile('anthropic.json', JSON.stringify(ANTHROPIC_TURN, null, 2));
  await expect(parley.notice).toContainText('Opened anthropic.json (Anthropic Messages)');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('harmony');
  await parley.expectPreviewToContain(preamble);
  expect(await parley.previewText()).toBe(fromOpenAi);
});
