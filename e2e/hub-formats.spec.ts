/**
 * ChatML (Qwen2.5) and Llama 3.1 in the app, acting as a person: a gallery example opens in its
 * format, the Llama date option changes the "Today Date:" line, and choosing ChatML in the format
 * menu re-renders the same conversation. Expected texts are written from the templates.
 */
import { expect, test } from './fixtures.ts';

test('opens the ChatML and Llama 3.1 examples and switches between the two formats', async ({ parley, page }) => {
  await parley.goto();
  await parley.openExample('Llama 3.1: a tool call, tools in the first user turn');
  const format = page.getByRole('combobox', { name: 'Format' });
  await expect(format).toHaveValue('llama3');
  await parley.expectPreviewToContain('Today Date: 26 Jul 2024');
  await parley.expectPreviewToContain('{"name": "get_weather", "parameters": {"city": "Bern"}}<|eot_id|>');

  await page.getByRole('textbox', { name: 'Today date' }).fill('10 Jul 2025');
  await parley.expectPreviewToContain('Today Date: 10 Jul 2025');

  await format.selectOption({ label: 'ChatML (Qwen2.5)' });
  await parley.expectPreviewToContain('<|im_start|>assistant\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Bern"}}\n</tool_call><|im_end|>');
});
