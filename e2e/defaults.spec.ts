/**
 * Defaults that follow the data (issue 24), acting as a person: an ordinary OpenAI tool file
 * (nested tools, calls without ids, as much data has them) opened while the app shows Apertus
 * is read as OpenAI Chat (until issue 24: as Apertus JSON, the format's native dialect), shown
 * so in the JSON view, exported by default as OpenAI Chat, and that export opens again as
 * OpenAI Chat; a file that names a
 * Llama model gets a notice offering Llama 3.1, without switching; a dialect chosen for a file
 * with "Read as" is remembered when the same file is opened again, after a reload too.
 */
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const WEATHER_TOOL = { type: 'function', function: { name: 'get_weather', description: 'Current weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const toolRecord = (city: string) => ({
  messages: [
    { role: 'user', content: `Weather in ${city}?` },
    { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }] },
    { role: 'tool', content: '{"temp": 21}' },
    { role: 'assistant', content: `It is 21 degrees in ${city}.` },
  ],
  tools: [WEATHER_TOOL],
});

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('an OpenAI tool file opened in Apertus: read as OpenAI Chat, exported as OpenAI Chat, re-opened as OpenAI Chat', async ({ parley, page }) => {
  await parley.goto();
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('apertus');
  await parley.openFile('jobA.json', JSON.stringify(toolRecord('Bern'), null, 2));
  await expect(parley.notice).toContainText('Opened jobA.json (OpenAI Chat Completions)');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('combobox', { name: 'JSON dialect' })).toHaveValue('openai-chat');

  await parley.fileMenu('Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  await expect(dialog.getByRole('radio', { name: /^OpenAI Chat Completions \(default\)/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const exported = await readDownload(await downloading);
  expect(JSON.parse(exported)).toEqual(toolRecord('Bern'));

  await parley.openFile('jobA-openai.json', exported);
  await expect(parley.notice).toContainText('Opened jobA-openai.json (OpenAI Chat Completions)');
});

test('a dataset of OpenAI tool records: read as OpenAI Chat in Apertus, exported as OpenAI Chat; in Apertus and in ChatML no record is an error', async ({ parley, page }) => {
  await parley.goto();
  const file = `${['Bern', 'Paris', 'Rome'].map((city) => JSON.stringify(toolRecord(city))).join('\n')}\n`;
  await parley.openFile('tools.jsonl', file, 'application/jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Line 3: / })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Read as' }).getByLabel('Records by dialect')).toHaveText('Read as: OpenAI Chat Completions 3', { timeout: 20_000 });
  await page.getByText('Export…', { exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Every record in another dialect (JSON Lines)' })).toHaveValue('openai-chat');
  await page.getByText('Export…', { exact: true }).click();
  // Read as OpenAI Chat, the records are converted ones: Apertus sees them as Apertus JSON holds
  // them ("" beside the calls, flat tools), so none is an error there (issue 24).
  // Every row checked first (else "no error row" would hold of rows not checked yet).
  for (const line of [1, 2, 3]) await expect(list.getByRole('button', { name: new RegExp(`^Line ${line}: `) })).not.toHaveAccessibleName(/not checked yet/, { timeout: 20_000 });
  await expect(list.getByRole('button', { name: /\b\d+ errors?\b/ })).toHaveCount(0);
  // A format whose template takes OpenAI messages finds nothing wrong with these records either.
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'ChatML (Qwen2.5)' });
  await expect(list.getByRole('button', { name: /^Line 3: / })).toBeVisible();
  await expect(list.getByRole('button', { name: /errors?$/ })).toHaveCount(0, { timeout: 20_000 });
});

test('a file that names a Llama model: the notice offers Llama 3.1 without switching, and the choice is kept for the file', async ({ parley, page }) => {
  await parley.goto();
  const llama = JSON.stringify({ model: 'meta-llama/Llama-3.1-8B-Instruct', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] });
  await parley.openFile('llama.json', llama);
  await expect(parley.notice).toContainText('This data names meta-llama/Llama-3.1-8B-Instruct: show it as Llama 3.1?');
  const format = page.getByRole('combobox', { name: 'Format' });
  await expect(format).toHaveValue('apertus');
  await parley.notice.getByRole('button', { name: 'Show as Llama 3.1' }).click();
  await expect(format).toHaveValue('llama3');
  await parley.expectPreviewToContain('<|start_header_id|>user<|end_header_id|>');

  // A new file keeps the format on screen; Apertus chosen for it; the Llama file opens in Llama 3.1 again, without asking.
  await parley.openFile('other.json', JSON.stringify([{ role: 'user', content: 'Other' }]));
  await expect(parley.notice).toContainText('Opened other.json');
  await expect(format).toHaveValue('llama3');
  await format.selectOption({ label: 'Apertus' });
  await parley.openFile('llama-again.json', llama);
  await expect(format).toHaveValue('llama3');
  await expect(parley.notice).not.toContainText('show it as');
});

test('Apertus JSON chosen with Read as for a file is remembered when it is opened again, after a reload too', async ({ parley, page }) => {
  await parley.goto();
  const plain = JSON.stringify({ messages: [{ role: 'user', content: 'Capital of France?' }, { role: 'assistant', content: 'Paris.' }] });
  await parley.openFile('capital.json', plain);
  await expect(parley.notice).toContainText('Opened capital.json (OpenAI Chat Completions)');
  await parley.notice.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'Apertus JSON' });
  await expect(parley.notice).toContainText('Opened capital.json (read as Apertus JSON)');

  await page.reload();
  await parley.waitReady();
  await parley.openFile('capital.json', plain);
  await expect(parley.notice).toContainText('Opened capital.json (Apertus JSON, as you chose for this file)');
  await expect(parley.notice.getByRole('combobox', { name: 'Read as' })).toHaveValue('apertus-json');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('combobox', { name: 'JSON dialect' })).toHaveValue('apertus-json');
});

test('a dataset whose records name a Llama model: the opening notice offers Llama 3.1 without switching', async ({ parley, page }) => {
  await parley.goto();
  const record = (n: number) => JSON.stringify({ model: 'meta-llama/Llama-3.1-8B-Instruct', messages: [{ role: 'user', content: `Hi ${n}` }, { role: 'assistant', content: 'Hello.' }] });
  await parley.openFile('llama.jsonl', `${[1, 2, 3].map(record).join('\n')}\n`, 'application/jsonl');
  await expect(parley.notice).toContainText('This data names meta-llama/Llama-3.1-8B-Instruct: show it as Llama 3.1?', { timeout: 20_000 });
  const format = page.getByRole('combobox', { name: 'Format' });
  await expect(format).toHaveValue('apertus');
  await parley.notice.getByRole('button', { name: 'Show as Llama 3.1' }).click();
  await expect(format).toHaveValue('llama3');
});
