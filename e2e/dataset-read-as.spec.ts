/**
 * The dataset's "Read as", as a person uses it: an OpenAI-style file is detected as OpenAI Chat
 * Completions (the panel says so, and why); reading every record as Anthropic Messages instead
 * checks them all again, and the counts change as `parley validate --input-dialect anthropic`
 * says they should (an assistant's `content: null` is no Anthropic content: the three records
 * with a tool call get errors); the choice is kept with the dataset across a reload.
 */
import { expect, test } from './fixtures.ts';

const CALL = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
const withCall = (n: number) =>
  JSON.stringify({
    messages: [
      { role: 'user', content: `Weather in Paris, ${n}?` },
      { role: 'assistant', content: null, tool_calls: [CALL] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      { role: 'assistant', content: `Sunny, ${n}.` },
    ],
  });
const plain = (n: number) => JSON.stringify({ messages: [{ role: 'user', content: `Hi ${n}` }, { role: 'assistant', content: `Hello ${n}` }] });
const FILE = [withCall(1), plain(2), withCall(3), plain(4), withCall(5), plain(6)].join('\n') + '\n';

test('reading every record of a dataset as another dialect checks them again, and is kept with the dataset', async ({ parley, page }) => {
  await parley.goto();
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'ChatML (Qwen2.5)' });
  await parley.openFile('openai.jsonl', FILE, 'application/jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  const readAs = page.getByRole('group', { name: 'Read as' });
  await expect(readAs.getByRole('combobox', { name: 'Read the records as' })).toHaveValue('');
  // The detection's note is folded under the counts (the record list keeps its rows): open it to read it.
  await readAs.getByText(/^Read as: /).click();
  await expect(readAs.getByLabel('Detected dialect')).toBeVisible();
  await expect(readAs.getByLabel('Detected dialect')).toContainText('Detected: OpenAI Chat Completions for line 1');
  await expect(readAs.getByLabel('Records by dialect')).toHaveText('Read as: OpenAI Chat Completions 6');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /errors?$/ })).toHaveCount(0);

  await readAs.getByRole('combobox', { name: 'Read the records as' }).selectOption({ label: 'Anthropic Messages' });
  await expect(readAs.getByLabel('Records by dialect')).toHaveText('Read as: Anthropic Messages 6', { timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  // The three records with a tool call: content null is no Anthropic content, the turn is empty, the result answers no call.
  await expect(list.getByRole('button', { name: /error/ })).toHaveCount(3);
  await expect(list.getByRole('button', { name: /^Line 2: .*no problems$/ })).toBeVisible();
  await page.getByText('Validation summary', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Diagnostic codes' }).getByRole('listitem').filter({ hasText: 'anthropic/invalid' })).toContainText('3 records');

  // Kept with the dataset: the same file opened again after a reload is read as Anthropic again.
  await page.reload();
  await page.evaluate(() => window.__parley.ready);
  await parley.openFile('openai.jsonl', FILE, 'application/jsonl');
  const again = page.getByRole('group', { name: 'Read as' });
  await expect(again.getByRole('combobox', { name: 'Read the records as' })).toHaveValue('anthropic');
  await expect(again.getByLabel('Records by dialect')).toHaveText('Read as: Anthropic Messages 6', { timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /error/ })).toHaveCount(3);

  // Back to detection: the records are OpenAI Chat again, without errors.
  await again.getByRole('combobox', { name: 'Read the records as' }).selectOption({ label: 'Detected per record' });
  await expect(again.getByLabel('Records by dialect')).toHaveText('Read as: OpenAI Chat Completions 6', { timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /error/ })).toHaveCount(0);
});
