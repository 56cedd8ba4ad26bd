/**
 * The form editors, driven as a person drives them (clicks and keys on accessible names), with
 * the exact Apertus text read back from the preview. Expected renders are derived by hand from
 * the official template (../shared/reference/apertus/chat_template.jinja), not from Parley.
 */
import { expect, test, type ParleyPage } from './fixtures.ts';

const SYSTEM_AND_USER = [
  { role: 'system', content: 'You are helpful.' },
  { role: 'user', content: 'What is 2+2?' },
];

async function start(parley: ParleyPage, messages: unknown): Promise<void> {
  await parley.goto();
  const result = await parley.load(messages);
  expect(result.ok, result.message).toBe(true);
}

/** Select all text in the field and type `text` over it, key by key. */
async function retype(parley: ParleyPage, label: string, text: string): Promise<void> {
  const field = parley.field(label);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

test('typing into a user message changes the preview as you type', async ({ parley }) => {
  await start(parley, SYSTEM_AND_USER);
  await parley.expectPreviewToContain('<|user_start|>What is 2+2?<|user_end|>');
  const field = parley.field('Message 2 content');
  await field.click();
  await field.press('End');
  await field.pressSequentially(' And 3+3?');
  await parley.expectPreviewToContain('<|user_start|>What is 2+2? And 3+3?<|user_end|>');
});

test('builds an assistant turn (thoughts, tool call, output, response) from a fresh message and reads the exact Apertus text', async ({ parley, page }) => {
  await start(parley, SYSTEM_AND_USER);
  await parley.button('Add assistant message').click();
  await expect(parley.field('Message 3 content')).toBeFocused();
  await page.getByRole('radiogroup', { name: 'Message 3 content kind' }).getByRole('radio', { name: 'Blocks' }).check();

  await parley.button('Add thoughts to message 3').click();
  await expect(parley.field('Message 3 block 1 text')).toBeFocused();
  await page.keyboard.type('I need to calculate this.');

  await parley.button('Add tool calls to message 3').click();
  await expect(parley.field('Message 3 block 2 tool call 1 name')).toBeFocused();
  await page.keyboard.type('calculator');
  await retype(parley, 'Message 3 block 2 tool call 1 arguments', '{"expr": "2+2"}');

  await parley.button('Add tool outputs to message 3').click();
  await expect(parley.field('Message 3 block 3 tool output 1 output')).toBeFocused();
  await page.keyboard.type('4');

  await parley.button('Add response to message 3').click();
  await expect(parley.field('Message 3 block 4 text')).toBeFocused();
  await page.keyboard.type('The answer is 4.');

  // Template: thoughts open the inner section (<|inner_prefix|>), calls are written as
  // <|tools_prefix|>[{"name": arguments}]<|tools_suffix|>, outputs as [..], the response closes the
  // inner section (<|inner_suffix|>), nothing between blocks, and a final assistant turn stays open.
  const expected =
    '<s><|system_start|>You are helpful.<|system_end|>' +
    '<|developer_start|>Deliberation: enabled\nTool Capabilities: disabled<|developer_end|>' +
    '<|user_start|>What is 2+2?<|user_end|>' +
    '<|assistant_start|><|inner_prefix|>I need to calculate this.' +
    '<|tools_prefix|>[{"calculator": {"expr": "2+2"}}]<|tools_suffix|>' +
    '[4]' +
    '<|inner_suffix|>The answer is 4.';
  await expect.poll(() => parley.previewText()).toBe(expected);
});

test('invalid JSON arguments show a diagnostic with line and column at the field', async ({ parley }) => {
  await start(parley, [
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{"city": "Bern"}' }] }] } },
  ]);
  const field = parley.field('Message 2 block 1 tool call 1 arguments');
  await field.click();
  await field.press('End');
  await field.press('Backspace');
  await field.pressSequentially(',');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Arguments are not valid JSON: .* at line 1, column 17\./);
  await expect(parley.button('Pretty-print message 2 block 1 tool call 1 arguments')).toBeDisabled();
  await field.pressSequentially(' "unit": "C"}');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await parley.button('Pretty-print message 2 block 1 tool call 1 arguments').click();
  await expect(field).toHaveValue('{\n  "city": "Bern",\n  "unit": "C"\n}');
});

test('undo and redo of typing: each burst is one step', async ({ parley, page }) => {
  await start(parley, SYSTEM_AND_USER);
  const field = parley.field('Message 2 content');
  await field.click();
  await field.press('End');
  await field.pressSequentially(' first');
  // A pause longer than the coalescing window (500 ms) starts a new step.
  await page.waitForTimeout(800);
  await field.pressSequentially(' second');
  await expect(field).toHaveValue('What is 2+2? first second');

  await page.keyboard.press('ControlOrMeta+z');
  await expect(field).toHaveValue('What is 2+2? first');
  await parley.expectPreviewToContain('<|user_start|>What is 2+2? first<|user_end|>');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(field).toHaveValue('What is 2+2?');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(field).toHaveValue('What is 2+2? first');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(field).toHaveValue('What is 2+2? first second');
  await parley.expectPreviewToContain('<|user_start|>What is 2+2? first second<|user_end|>');
});

test('Ctrl+Enter adds the next message after the current one and focuses it', async ({ parley, page }) => {
  await start(parley, [...SYSTEM_AND_USER, { role: 'assistant', content: '4' }]);
  await parley.field('Message 2 content').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(parley.field('Message 3 content')).toBeFocused();
  await expect(parley.field('Message 3 role')).toHaveValue('assistant');
  await page.keyboard.type('Let me think.');
  await expect(parley.field('Message 4 content')).toHaveValue('4');
  const roles = (await parley.state()).record;
  expect(roles.kind === 'chat' ? roles.messages.map((m) => m.role) : []).toEqual(['system', 'user', 'assistant', 'assistant']);
});
