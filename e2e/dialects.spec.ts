/**
 * JSON dialects and the editable views, acting as a person: open an OpenAI Chat Completions file,
 * read its exact RWKV text, fix a tool result by typing in the Text view, export as Anthropic;
 * a JSON-view edit that does not parse; and reading a file as another dialect than detected.
 * Expected texts are written by hand from the specs (004 for RWKV) and the APIs' documentation.
 */
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** An OpenAI Chat Completions request with a tool call and its result; the result says 21 where the answer says 12. */
const openAiChat = {
  model: 'gpt-4o',
  messages: [
    { role: 'system', content: 'You are a weather bot.' },
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"temp_c": 21}' },
    { role: 'assistant', content: 'It is 12 °C in Bern.' },
  ],
};

/**
 * Spec 004: blocks of start tag, newline, payload, newline, end tag, separated by one blank
 * line; a tool call is its own TOOL_CALL block (name, then id), its result a TOOL_RESULT block
 * (no status: the source has no error flag); an assistant message with no text writes no
 * ASSISTANT block.
 */
const rwkvText = [
  '<<SYS>>\nYou are a weather bot.\n<<SYS_END>>',
  '<<USER>>\nWeather in Bern?\n<<USER_END>>',
  '<<TOOL_CALL name="get_weather" id="call_1">>\n{"city": "Bern"}\n<<END_TOOL_CALL>>',
  '<<TOOL_RESULT name="get_weather" id="call_1">>\n{"temp_c": 21}\n<<END_TOOL_RESULT>>',
  '<<ASSISTANT>>\nIt is 12 °C in Bern.\n<<ASSISTANT_END>>',
].join('\n\n');

/**
 * Anthropic Messages (documented request shape): the system prompt at the top level, the call as
 * a `tool_use` block with an `input` object, its result as a `tool_result` block of a user
 * message; the unknown top-level `model` is written back onto the request.
 */
const anthropicFixed = {
  model: 'gpt-4o',
  system: 'You are a weather bot.',
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Bern' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temp_c": 12}' }] },
    { role: 'assistant', content: 'It is 12 °C in Bern.' },
  ],
};

/** Anthropic's documented basic request: also a valid OpenAI Chat Completions request, which detection picks. */
const anthropicBasic = { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello, world' }] };

function previewPane(page: Page): Locator {
  return page.getByRole('region', { name: 'Preview' });
}

/** The innermost rendered piece of a view whose text is exactly `text` (Monaco draws spaces as U+00A0). */
function piece(page: Page, text: string): Locator {
  const pattern = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\u00a0]')}$`);
  return previewPane(page).locator('.view-line span span').filter({ hasText: pattern }).first();
}

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('an OpenAI file shown as exact RWKV text, a tool result fixed in the Text view, exported as Anthropic', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('weather.json', JSON.stringify(openAiChat, null, 2));
  await expect(parley.notice).toContainText('Opened weather.json (OpenAI Chat Completions)');
  // The tool result picks the call it answers from its turn.
  await expect(page.getByRole('combobox', { name: 'Call answered by message 4' })).toHaveValue('call_1');
  await expect(page.getByRole('combobox', { name: 'Call answered by message 4' }).locator('option:checked')).toHaveText('get_weather · call_1 · {"city": "Bern"}');

  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'RWKV universal template' });
  await expect.poll(() => parley.previewText()).toBe(rwkvText);

  // Fix the tool result in the token text: select "21" and type "12".
  await piece(page, '21').dblclick();
  await page.keyboard.type('12');
  await expect(parley.field('Message 4 content')).toHaveValue('{"temp_c": 12}');
  await expect(page.getByRole('status', { name: 'Text view status' })).toContainText('Read back into the conversation');
  expect(await parley.previewText()).toBe(rwkvText.replace('21', '12'));
  // The other messages kept their identity: their fields were not remounted.
  const { record } = await parley.state();
  expect(record.kind === 'chat' && record.messages[2]?.toolCalls?.[0]?.callId).toBe('call_1');

  // One undo step takes the typing back, in the forms and the text.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(parley.field('Message 4 content')).toHaveValue('{"temp_c": 21}');
  await expect.poll(() => parley.previewText()).toBe(rwkvText);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(parley.field('Message 4 content')).toHaveValue('{"temp_c": 12}');

  // Export as Anthropic: the dialog says what Anthropic cannot hold before downloading.
  await parley.fileMenu('Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await expect(dialog.getByRole('radio', { name: /^OpenAI Chat Completions \(default\)/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Anthropic Messages/ }).check();
  await expect(dialog).toContainText('Anthropic Messages cannot hold:');
  await expect(dialog).toContainText('lost in conversion');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  await expect(dialog).toBeHidden();
  expect(file.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(await readDownload(file))).toEqual(anthropicFixed);
});

test('a JSON-view edit that is not JSON is marked and changes nothing; fixing it applies', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('capital.json', JSON.stringify({ messages: [{ role: 'user', content: 'Capital of France?' }, { role: 'assistant', content: 'Paris.' }] }));
  // Plain chat, which Apertus JSON reads whole too: OpenAI Chat wins the tie whatever the format shown (issue 24), as in `parley render`.
  await expect(parley.notice).toContainText('(OpenAI Chat Completions)');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('tab', { name: 'JSON' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'JSON dialect' })).toHaveValue('openai-chat');
  await expect(piece(page, '"Capital of France?"')).toBeVisible();

  // A stray quote before the closing one: the string ends early.
  await piece(page, '"Capital of France?"').click();
  await expect(page.getByRole('textbox', { name: 'JSON text' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('"');
  const status = page.getByRole('status', { name: 'JSON view status' });
  await expect(status).toContainText('Does not read back (1 error');
  await expect(previewPane(page).locator('.squiggly-error').first()).toBeVisible();
  await expect(parley.field('Message 1 content')).toHaveValue('Capital of France?');

  // Fixing it: the quote goes, a word comes in; the form follows.
  await page.keyboard.press('Backspace');
  await page.keyboard.type(' please');
  await expect(parley.field('Message 1 content')).toHaveValue('Capital of France? please');
  await expect(status).toContainText('Read back into the conversation');
  await expect(previewPane(page).locator('.squiggly-error')).toHaveCount(0);

  // A form edit shows in the JSON view at once.
  await parley.field('Message 2 content').fill('Paris, of course.');
  await expect(piece(page, '"Paris, of course."')).toBeVisible();
});

test('a file detected as one dialect can be read as another, from the notice and in the Paste dialog', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('basic.json', JSON.stringify(anthropicBasic));
  // Plain messages for a Claude model: Anthropic by a hint, and the notice says who else reads them (issue 22).
  await expect(parley.notice).toContainText('Opened basic.json (Anthropic Messages)');
  await expect(parley.notice).toContainText('OpenAI Chat Completions and Apertus JSON fit it as well (nothing in it marks one dialect); read as Anthropic Messages because the model is a Claude model');
  await parley.notice.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'OpenAI Chat Completions' });
  await expect(parley.notice).toContainText('Opened basic.json (read as OpenAI Chat Completions)');
  await parley.notice.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'Anthropic Messages' });
  await expect(parley.notice).toContainText('Opened basic.json (read as Anthropic Messages)');
  await expect(parley.field('Message 1 content')).toHaveValue('Hello, world');

  // A dialect that cannot read it says why, with each path once, and changes nothing.
  await parley.notice.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'ShareGPT' });
  await expect(parley.alert).toContainText('Read as ShareGPT, basic.json has');
  await expect(parley.alert).toContainText('Nothing was changed');
  const details = await parley.alert.locator('li').allTextContents();
  expect(details.length).toBeGreaterThan(0);
  for (const line of details) expect(line).not.toMatch(/^([^:]+): \1:/);
  await expect(parley.field('Message 1 content')).toHaveValue('Hello, world');

  // Exported in the dialect it was read as, it is the same request.
  await parley.fileMenu('Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await expect(dialog.getByRole('radio', { name: /^Anthropic Messages \(default\)/ })).toBeChecked();
  await expect(dialog).toContainText('Anthropic Messages holds everything in this conversation.');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect(JSON.parse(await readDownload(await downloading))).toEqual(anthropicBasic);

  await parley.fileMenu('Paste JSON…');
  const paste = page.getByRole('dialog', { name: 'Paste JSON' });
  await paste.getByRole('textbox', { name: 'JSON to open' }).fill(JSON.stringify({ ...anthropicBasic, messages: [{ role: 'user', content: 'Pasted, world' }] }));
  await paste.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'Anthropic Messages' });
  await paste.getByRole('button', { name: 'Open' }).click();
  await expect(paste).toBeHidden();
  await expect(parley.notice).toContainText('Opened The pasted text (read as Anthropic Messages)');
  await expect(parley.field('Message 1 content')).toHaveValue('Pasted, world');
});
