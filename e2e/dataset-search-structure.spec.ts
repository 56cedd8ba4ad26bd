/**
 * Search that sees structure, as a person uses it: qualifiers typed in the search box (a role, a
 * tool, a JSON key) with a text, the list narrowed to the records found, a replace limited to
 * the fields in scope, the syntax's help, and the filter for records with an empty field.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const chat = (user: string, assistant: string | null, extra: object = {}): string => JSON.stringify({ messages: [{ role: 'user', content: user }, { role: 'assistant', content: assistant }], ...extra });

/** Line n of the file is LINES[n - 1]. */
const LINES = [
  chat('hello there', 'Hi.'), // 1: hello in the user's message only
  chat('Say hi', 'hello you'), // 2: in the assistant's
  chat('hello', 'hello again'), // 3: in both
  JSON.stringify({
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '14°C' },
      { role: 'assistant', content: 'Sunny, hello from Paris.' },
    ],
  }), // 4: hello in the last assistant message; Paris in the user's text and in get_weather's arguments
  chat('Is it empty?', ''), // 5: an empty assistant turn
  JSON.stringify({ messages: [{ role: 'user', content: 'Hi bot' }, { role: 'bot', content: 'hello' }] }), // 6: a role "bot"
  chat('crawl hello', 'ok', { metadata: { source: 'web crawl' } }), // 7: a key
  chat('Second empty', '  '), // 8: an assistant turn of white space only
];

async function exported(page: Page): Promise<string[]> {
  const bytes = await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()));
  return Buffer.from(bytes).toString('utf8').split('\n');
}

test('search in one role, in a tool’s arguments, under a JSON key; replace only in scope', async ({ parley, page }) => {
  await parley.goto();
  await page.evaluate((content) => window.__parley.dataset.open(content, 'structure.jsonl'), LINES.join('\n') + '\n');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('listitem')).toHaveCount(LINES.length);
  const search = page.getByRole('search', { name: 'Search the records' });
  const box = search.getByRole('searchbox', { name: 'Search records' });
  const result = search.getByLabel('Search result');
  const run = async (text: string): Promise<void> => {
    await box.fill(text);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
  };

  // The help says how.
  await search.locator('summary', { hasText: 'Search syntax' }).click();
  await expect(search.getByRole('region', { name: 'Search syntax' })).toContainText('role:assistant hello');

  // Everywhere: 7 places in 6 records; in assistant messages only: lines 2, 3 and 4.
  await run('hello');
  await expect(result).toHaveText('7 matches in 6 records');
  await run('role:assistant hello');
  await expect(result).toHaveText('3 matches in 3 records');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('button', { name: /^Line 2: Say hi/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 3: hello/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 4: Weather in Paris\?/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 1:/ })).toHaveCount(0);

  // Where it is in the record being edited: the assistant's message, not the user's.
  await page.evaluate(() => window.__parley.dataset.goto(2));
  await expect(search.getByRole('list', { name: 'Matches in this record' }).getByRole('listitem')).toHaveText(['messages[1].content (1 match)']);

  // A tool's arguments; a role no format knows; a key of the record's JSON, its value quoted.
  await run('tool:get_weather Paris');
  await expect(result).toHaveText('1 match in 1 record');
  await expect(list.getByRole('button', { name: /^Line 4:/ })).toBeVisible();
  await run('role:bot');
  await expect(result).toHaveText('1 match in 1 record');
  await expect(list.getByRole('button', { name: /^Line 6: Hi bot/ })).toBeVisible();
  await run('key:metadata.source="web crawl" hello');
  await expect(result).toHaveText('1 match in 1 record');
  await expect(list.getByRole('button', { name: /^Line 7: crawl hello/ })).toBeVisible();

  // A mistake in a qualifier is said, not searched.
  await run('in:arguments Paris');
  await expect(search.getByRole('alert')).toHaveText('in: is one of text, thoughts, args, results, not “arguments”');

  // Qualifiers alone hold no text to replace.
  await run('role:bot');
  await search.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(search.getByRole('button', { name: 'Replace all…' })).toBeDisabled();

  // A replace in the assistant's messages leaves the users' hello alone.
  await run('role:assistant hello');
  await expect(result).toHaveText('3 matches in 3 records');
  await search.getByRole('textbox', { name: 'Replace with' }).fill('bye');
  await search.getByRole('button', { name: 'Replace all…' }).click();
  const confirm = search.getByRole('alertdialog', { name: 'Confirm replace' });
  await expect(confirm).toContainText('in 3 records (3 places)');
  await confirm.getByRole('button', { name: 'Replace in 3 records' }).click();
  await expect(search.getByRole('button', { name: 'Undo replace' })).toBeVisible();
  const out = await exported(page);
  expect(out[1]).toBe(chat('Say hi', 'bye you'));
  expect(out[2]).toBe(chat('hello', 'bye again'));
  expect(JSON.parse(out[3] as string).messages[3].content).toBe('Sunny, bye from Paris.');
  expect(out[0]).toBe(LINES[0]);
  expect(out[6]).toBe(LINES[6]);
});

test('the Empty field filter lists the records with an empty assistant turn', async ({ parley, page }) => {
  await parley.goto();
  await page.evaluate((content) => window.__parley.dataset.open(content, 'structure.jsonl'), LINES.join('\n') + '\n');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('listitem')).toHaveCount(LINES.length);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.locator('summary', { hasText: 'Filters' }).click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Empty field' }).selectOption({ label: 'assistant message' });
  await expect(filters.getByRole('status', { name: 'Records shown' })).toHaveText(`2 of ${LINES.length} records`);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('button', { name: /^Line 5: Is it empty\?/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 8: Second empty/ })).toBeVisible();
  // Back to every record.
  await filters.getByRole('combobox', { name: 'Empty field' }).selectOption({ label: 'any' });
  await expect(list.getByRole('listitem')).toHaveCount(LINES.length);
});
