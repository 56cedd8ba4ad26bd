/**
 * Reviewing a dataset as a person does: open a generated JSON Lines file, filter it to the records
 * with errors, read the validation summary, search a text, replace it across the matching
 * records after reading the counts, look at the difference from the original, and undo.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const RECORDS = 1500;
/** Records whose tool call arguments are not JSON (an error); every third of them asks about Paris. */
const WITH_ERROR = [40, 41, 42, 300, 301, 302, 900, 901, 902];
const BAD_LINE = 500;

function record(i: number): unknown {
  const city = i % 100 === 0 ? 'Paris' : 'Bern';
  return { id: `r${i}`, messages: [{ role: 'user', content: `Question ${i}: the weather in ${city}?` }, { role: 'assistant', content: `Cloudy in ${city}.` }] };
}

function withBadArguments(i: number): unknown {
  const city = i % 3 === 0 ? 'Paris' : 'Zurich';
  return {
    id: `e${i}`,
    messages: [
      { role: 'user', content: `Weather in ${city}?` },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: `{"city": "${city}",}` } }] },
    ],
  };
}

function generate(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < RECORDS; i++) {
    if (i === BAD_LINE) lines.push('{"messages": [{"role": "user", "content": "Paris, cut off"');
    else lines.push(JSON.stringify(WITH_ERROR.includes(i) ? withBadArguments(i) : record(i)));
  }
  return lines;
}

async function exported(page: Page): Promise<string> {
  return Buffer.from(await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()))).toString('utf8');
}

test('filter to errors, search, replace across records after reading the counts, see the diff, undo', async ({ parley, page }) => {
  // Opening and checking 1,500 records, then the diff editor's chunk: slow on a loaded 2-core machine.
  test.setTimeout(60_000);
  await parley.goto();
  const lines = generate();
  const input = lines.join('\n') + '\n';
  await parley.openFile('review.jsonl', input, 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // Filter to the records with errors: the nine with bad arguments and the bad line.
  await page.locator('summary', { hasText: 'Filters' }).click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Errors' }).selectOption('yes');
  await expect(filters.getByRole('status', { name: 'Records shown' })).toHaveText(`10 of ${RECORDS.toLocaleString('en')} records`);
  await expect(list.getByRole('button', { name: /^Line 41: Weather in Zurich\?/ })).toBeVisible();

  // The validation summary counts them by code; a code is a filter.
  await page.getByText('Validation summary', { exact: true }).click();
  const codes = page.getByRole('list', { name: 'Diagnostic codes' });
  await expect(codes.getByRole('listitem').filter({ hasText: 'line/json' })).toContainText('1 record');
  const argumentsCode = codes.getByRole('listitem').filter({ hasText: 'tool-call/arguments-syntax' });
  await expect(argumentsCode).toContainText('9 records');
  await expect(argumentsCode).toContainText('Arguments are not valid JSON: Trailing comma');
  await argumentsCode.getByRole('button', { name: 'Show the records with tool-call/arguments-syntax' }).click();
  await expect(filters.getByRole('status', { name: 'Records shown' })).toHaveText(`9 of ${RECORDS.toLocaleString('en')} records`);

  // Search among them: Paris is asked in three (lines 43, 301 and 901), twice each (question and arguments).
  const search = page.getByRole('search', { name: 'Search the records' });
  await search.getByRole('searchbox', { name: 'Search records' }).fill('paris');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(search.getByLabel('Search result')).toHaveText('6 matches in 3 records');
  await expect(filters.getByRole('status', { name: 'Records shown' })).toHaveText(`3 of ${RECORDS.toLocaleString('en')} records`);
  // Where it is in a record: its fields, each a way to the field in the editors.
  await page.evaluate(() => window.__parley.dataset.goto(42));
  const here = search.getByRole('list', { name: 'Matches in this record' });
  await expect(here.getByRole('listitem')).toHaveText(['messages[0].content (1 match)', 'messages[1].toolCalls[0].arguments (1 match)']);
  await here.getByRole('button', { name: 'messages[1].toolCalls[0].arguments' }).click();
  await expect(parley.field('Message 2 tool call 1 arguments')).toBeFocused();

  // Replace: the counts come first, nothing changes until confirmed.
  await search.getByRole('button', { name: 'Replace', exact: true }).click();
  await search.getByRole('textbox', { name: 'Replace with' }).fill('Lyon');
  await search.getByRole('button', { name: 'Replace all…' }).click();
  const confirm = search.getByRole('alertdialog', { name: 'Confirm replace' });
  await expect(confirm).toContainText('Replace “paris” with “Lyon” in 3 records (6 places) among the records the filters show?');
  expect(await exported(page)).toBe(input);
  await confirm.getByRole('button', { name: 'Replace in 3 records' }).click();
  await expect(search.getByRole('button', { name: 'Undo replace' })).toBeVisible();
  // The list keeps the three, now edited.
  await expect(list.getByRole('button', { name: /^Line 301: Weather in Lyon\?.*edited/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);

  // Only those three lines changed, and only in their text values.
  const out = (await exported(page)).split('\n');
  const changed = out.map((line, i) => (line === (lines[i] ?? '') ? -1 : i)).filter((i) => i >= 0);
  expect(changed).toEqual([42, 300, 900]);
  expect(JSON.parse(out[300] as string)).toEqual({
    id: 'e300',
    messages: [
      { role: 'user', content: 'Weather in Lyon?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Lyon",}' } }] },
    ],
  });
  // Paris outside the filtered records (line 1, line 101, the bad line) is untouched.
  expect(out[0]).toBe(lines[0]);
  expect(out[BAD_LINE]).toBe(lines[BAD_LINE]);

  // The difference from the original, on the JSON and on the rendered text.
  await page.evaluate(() => window.__parley.dataset.goto(300));
  await page.getByRole('button', { name: 'Compare with original' }).click();
  const dialog = page.getByRole('dialog', { name: /changes from the original/ });
  const differences = dialog.getByRole('region', { name: 'Differences' });
  await expect(differences).toContainText('2 changes:');
  await expect(differences).toContainText('− "content": "Weather in Paris?"');
  await expect(differences).toContainText('+ "content": "Weather in Lyon?"');
  await dialog.getByRole('button', { name: 'Rendered text' }).click();
  await expect(differences).toContainText('Lyon');
  await expect(differences).toContainText('Paris');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Undo gives back the file as it was.
  await search.getByRole('button', { name: 'Undo replace' }).click();
  await expect(search.getByRole('button', { name: 'Undo replace' })).toHaveCount(0);
  expect(await exported(page)).toBe(input);
});

test('a regular expression search and replace with groups, and an invalid pattern', async ({ parley, page }) => {
  await parley.goto();
  const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify(record(i)));
  await page.evaluate((content) => window.__parley.dataset.open(content, 'small.jsonl'), lines.join('\n') + '\n');
  const search = page.getByRole('search', { name: 'Search the records' });
  await search.getByRole('button', { name: 'Regular expression' }).click();
  await search.getByRole('searchbox', { name: 'Search records' }).fill('Question (\\d)\\b');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  // Questions 0 to 9: one digit then a word boundary.
  await expect(search.getByLabel('Search result')).toHaveText('10 matches in 10 records');
  await search.getByRole('button', { name: 'Replace', exact: true }).click();
  await search.getByRole('textbox', { name: 'Replace with' }).fill('Q$1');
  await search.getByRole('button', { name: 'Replace all…' }).click();
  await search.getByRole('alertdialog', { name: 'Confirm replace' }).getByRole('button', { name: 'Replace in 10 records' }).click();
  await expect(parley.field('Message 1 content')).toHaveValue('Q0: the weather in Paris?');

  await search.getByRole('searchbox', { name: 'Search records' }).fill('(');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(search.getByRole('alert')).toContainText('Invalid regular expression');
});

test('a regular expression that would run for hours is cancelled, and the next search works', async ({ parley, page }) => {
  await parley.goto();
  const stuck = JSON.stringify({ messages: [{ role: 'user', content: `${'a'.repeat(40)}!` }, { role: 'assistant', content: 'ok' }] });
  await page.evaluate((content) => window.__parley.dataset.open(content, 'slow.jsonl'), [stuck, JSON.stringify(record(1))].join('\n') + '\n');
  const search = page.getByRole('search', { name: 'Search the records' });
  await search.getByRole('button', { name: 'Regular expression' }).click();
  // Nested quantifiers on 40 a's and no match: about 2^40 steps of backtracking.
  await search.getByRole('searchbox', { name: 'Search records' }).fill('^(a+)+$');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(search.getByRole('progressbar', { name: 'Search progress' })).toBeVisible();
  await search.getByRole('button', { name: 'Cancel' }).click();
  await expect(search.getByRole('progressbar')).toHaveCount(0);
  // Long enough for the stuck worker to be ended; a new search then answers.
  await page.waitForTimeout(800);
  await search.getByRole('searchbox', { name: 'Search records' }).fill('Bern\\?');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(search.getByLabel('Search result')).toHaveText('1 match in 1 record');
});

/** Serious and critical axe violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the search, filters, summary, replace confirmation and diff have no serious accessibility violations (${theme})`, async ({ parley, page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: theme });
    await parley.goto();
    const lines = [JSON.stringify(withBadArguments(3)), 'not json', JSON.stringify(record(100))];
    await page.evaluate((content) => window.__parley.dataset.open(content, 'a11y.jsonl'), lines.join('\n') + '\n');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Errors' }).selectOption('yes');
    await page.getByText('Validation summary', { exact: true }).click();
    // line/json and tool-call/arguments-syntax. Read as OpenAI Chat, the records' `content: null`
    // beside their calls is what Apertus JSON writes as "" (issue 24): no Apertus error for it.
    await expect(page.getByRole('list', { name: 'Diagnostic codes' }).getByRole('listitem')).toHaveCount(2);
    const search = page.getByRole('search', { name: 'Search the records' });
    await search.getByRole('searchbox', { name: 'Search records' }).fill('Paris');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(search.getByLabel('Search result')).toHaveText('2 matches in 1 record');
    await search.getByRole('button', { name: 'Replace', exact: true }).click();
    await search.getByRole('textbox', { name: 'Replace with' }).fill('Lyon');
    await search.getByRole('button', { name: 'Replace all…' }).click();
    await expect(search.getByRole('alertdialog', { name: 'Confirm replace' })).toContainText('in 1 record (2 places)');
    await search.locator('summary', { hasText: 'Search syntax' }).click();
    await expect(search.getByRole('region', { name: 'Search syntax' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await search.getByRole('button', { name: 'Replace in 1 record' }).click();
    await page.getByRole('button', { name: 'Compare with original' }).click();
    await expect(page.getByRole('dialog').getByRole('region', { name: 'Differences' })).toContainText('2 changes:');
    // Both sides of the diff editor are named (Monaco leaves them unnamed otherwise).
    await expect(page.getByRole('dialog').locator('[aria-label="Record JSON diff: original"]')).not.toHaveCount(0);
    await expect(page.getByRole('dialog').locator('[aria-label="Record JSON diff: now"]')).not.toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
