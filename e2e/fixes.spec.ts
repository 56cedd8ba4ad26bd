/**
 * Fixes, acting as a person: the OpenAI Chat Completions request (a developer message,
 * an assistant message with `content: null` beside its tool call, a tool result given as
 * content parts, a nested tool), pasted and rendered as Apertus, lists problems the template
 * raises on, each with a Fix button. Pressing them repairs the conversation one undo step at a
 * time; "Fix all N of this kind" repairs every one of a kind at once. Expected texts are written
 * from the Apertus template (docs/formats.md): a system message replaces the default prompt,
 * string assistant contents and tool results, flat tools with a description.
 */
import type { Page } from '@playwright/test';
import { FIXED_APERTUS_JSON, FIXED_APERTUS_TEXT, REQUEST } from '../test/fixtures/chat-request-apertus-rejects.ts';
import { expect, test, type ParleyPage } from './fixtures.ts';



async function paste(parley: ParleyPage, page: Page, json: unknown, readAs?: string): Promise<void> {
  await parley.fileMenu('Paste JSON…');
  const dialog = page.getByRole('dialog', { name: 'Paste JSON' });
  await dialog.getByRole('textbox', { name: 'JSON to open' }).fill(JSON.stringify(json));
  if (readAs !== undefined) await dialog.getByRole('combobox', { name: 'Read as' }).selectOption(readAs);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
}

function list(parley: ParleyPage) {
  return parley.diagnostics.getByRole('list', { name: 'Diagnostics' });
}

test('Fix buttons repair the pasted request one step at a time, each undoable', async ({ parley, page }) => {
  await parley.goto();
  await parley.setFormat('apertus', { date: '2026-01-01' });
  await paste(parley, page, REQUEST);
  await parley.expectPreviewToContain('<|developer_start|>Be terse.<|developer_end|>');

  const panel = list(parley);
  const fixDeveloper = panel.getByRole('button', { name: 'Fix at messages[0].role: Make it the system message' });
  const fixTool = panel.getByRole('button', { name: 'Fix at messages[3].content: Write the content as a string' });
  // Read as OpenAI Chat, `content: null` beside the call and the nested tool are seen as Apertus
  // JSON holds them ("", the function itself: issue 24); the flat tool lacks the description the template needs.
  const fixDescription = panel.getByRole('button', { name: 'Fix at tools[0].description: Add an empty description' });
  for (const button of [fixDeveloper, fixTool, fixDescription]) await expect(button).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Fix at/ })).toHaveCount(3);
  await expect(parley.diagnostics).toContainText('Move this text to the system message');

  // One fix: the developer message becomes the system message, which replaces the default prompt.
  await fixDeveloper.click();
  await parley.expectPreviewToContain('<s><|system_start|>Be terse.<|system_end|>');
  await expect(panel).not.toContainText('Move this text to the system message');
  await expect(fixDeveloper).toHaveCount(0);

  // Undo brings the developer message (and its diagnostic, and its Fix) back.
  await parley.button(/^Undo/).click();
  await parley.expectPreviewToContain('<|developer_start|>Be terse.<|developer_end|>');
  await expect(fixDeveloper).toBeVisible();

  // The same repair from the Fix beside the field it names, in the conversation editor.
  await page.getByRole('button', { name: 'Fix: Write the content as a string', exact: true }).click();
  await expect(fixTool).toHaveCount(0);
  await parley.expectPreviewToContain('<|tools_suffix|>[18C, sunny]');
  await fixDeveloper.click();
  await fixDescription.click();

  await expect.poll(() => parley.previewText()).toBe(FIXED_APERTUS_TEXT);
  await expect(panel.getByRole('button', { name: /^Fix/ })).toHaveCount(0);
  await expect(parley.diagnostics.getByRole('heading')).toContainText('(1 warning)');
  await expect(panel).toContainText('the description is empty');

  // Exported as Apertus JSON: what the template takes.
  expect((await page.evaluate(() => window.__parley.exportJson('apertus-json'))).json).toEqual(FIXED_APERTUS_JSON);

  // Three presses, three undo steps, back to the pasted request.
  for (let i = 0; i < 3; i++) await parley.button(/^Undo/).click();
  await parley.expectPreviewToContain('<|developer_start|>Be terse.<|developer_end|>');
  await expect(panel.getByRole('button', { name: /^Fix at/ })).toHaveCount(3);
});

test('"Fix all N of this kind" shows the count first and applies them as one undo step', async ({ parley, page }) => {
  await parley.goto();
  await parley.setFormat('apertus', { date: '2026-01-01' });
  const call = (id: string) => [{ id, type: 'function', function: { name: 'w', arguments: '{}' } }];
  await paste(parley, page, {
    messages: [
      { role: 'user', content: 'Twice?' },
      { role: 'assistant', content: null, tool_calls: call('a') },
      { role: 'tool', tool_call_id: 'a', content: 'one' },
      { role: 'assistant', content: null, tool_calls: call('b') },
      { role: 'tool', tool_call_id: 'b', content: 'two' },
      { role: 'assistant', content: 'Done.' },
    ],
  }, 'apertus-json'); // Apertus JSON's own `content: null`, which the template raises on (issue 24)
  const panel = list(parley);
  // One per message, and on each row the count of its kind.
  await expect(panel.getByRole('button', { name: /^Fix at messages\[\d\]\.content: Use "" as the content$/ })).toHaveCount(2);
  const fixAll = panel.getByRole('button', { name: 'Fix all 2 of this kind: Use "" as the content' });
  await expect(fixAll).toHaveCount(2);
  await fixAll.first().click();
  await expect(parley.notice).toContainText('Applied 2 fixes: Use "" as the content');
  await expect(panel.getByRole('button', { name: /^Fix/ })).toHaveCount(0);
  await expect.poll(() => parley.previewText()).toContain('<|user_start|>Twice?<|user_end|><|assistant_start|><|tools_prefix|>[{"w": {}}]<|tools_suffix|>[one]<|tools_prefix|>[{"w": {}}]<|tools_suffix|>[two]Done.');

  await parley.button(/^Undo/).click();
  await expect(panel.getByRole('button', { name: /^Fix at messages/ })).toHaveCount(2);
});
