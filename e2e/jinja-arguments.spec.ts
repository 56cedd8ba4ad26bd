/**
 * Tool-call arguments under a pasted template, acting as a person: OpenAI data carries them as
 * a JSON string; the template (Qwen2.5's call line, `arguments | tojson`) shows them as the
 * object the model was trained on, and the toolbar's "Tool-call arguments" set to as-given shows
 * the quoted string the template writes for the data as it is.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const CONVERSATION = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
  ],
};

// Qwen2.5's own line for a call.
const TEMPLATE = '{% for m in messages %}{% for c in m.tool_calls or [] %}{"name": "{{ c.function.name }}", "arguments": {{ c.function.arguments | tojson }}}{% endfor %}{% endfor %}';

async function typeTemplate(page: Page, text: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Template' });
  await panel.locator('.view-lines').click();
  await expect(panel.getByRole('textbox', { name: 'Jinja template' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('string arguments reach a pasted template as an object; as-given shows the quoted string', async ({ parley, page }) => {
  await parley.goto();
  await parley.load(CONVERSATION);
  await page.getByLabel('Format', { exact: true }).selectOption('jinja');
  await page.getByRole('tab', { name: 'Template', exact: true }).click();
  await typeTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('{"name": "get_weather", "arguments": {"city": "Bern"}}');
  await page.getByLabel('Tool-call arguments').selectOption('as-given');
  await expect.poll(() => parley.previewText()).toBe('{"name": "get_weather", "arguments": "{\\"city\\": \\"Bern\\"}"}');
});
