/**
 * The one check of a record in dataset mode, as a person meets it: the list counts what the
 * format's checks find (not only bad JSON), Alt+N goes from one record with an error to the next
 * and round again, can stop at warnings too, switching the format checks every record again,
 * exact duplicates are listed together, and a rules file is loaded (or refused) in the review tools.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const line = (messages: unknown[]) => JSON.stringify({ messages });
const CLEAN = (n: number) => line([{ role: 'user', content: `Question ${n}?` }, { role: 'assistant', content: `Answer ${n}.` }]);
const HUMAN_BOT = line([{ role: 'human', content: 'Hi there' }, { role: 'bot', content: 'Hello' }]);
const EMPTY_ASSISTANT = line([{ role: 'user', content: 'Say something' }, { role: 'assistant', content: '' }]);
const CALL = { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } };
// The call is answered by nothing before the assistant goes on (a call that ends a record is the model's last output, not a missing result).
const CALL_WITHOUT_RESULT = line([{ role: 'user', content: 'Weather in Bern?' }, { role: 'assistant', content: null, tool_calls: [CALL] }, { role: 'assistant', content: 'Sunny.' }]);
const CALL_WITH_RESULT = line([
  { role: 'user', content: 'Weather in Zug?' },
  { role: 'assistant', content: '', tool_calls: [CALL] },
  { role: 'tool', tool_call_id: 'c1', content: 'Sunny' },
  { role: 'assistant', content: 'Sunny in Zug.' },
]);
const AS_AN_AI = line([{ role: 'user', content: 'Opinion?' }, { role: 'assistant', content: 'As an AI language model, I have none.' }]);

/** The row of the record at `line` (its accessible name starts with the line). */
function row(page: Page, at: number) {
  return page.getByRole('list', { name: 'Records' }).getByRole('button', { name: new RegExp(`^Line ${at}: `) });
}

/** The line of the record in the editors (the list marks it as current). */
async function currentLine(page: Page): Promise<number> {
  const name = (await page.getByRole('list', { name: 'Records' }).locator('button[aria-current="true"]').getAttribute('aria-label')) ?? '';
  return Number(/^Line (\d+):/.exec(name)?.[1]);
}

async function checked(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

async function nextError(page: Page, shift = false): Promise<number> {
  const before = await currentLine(page);
  await page.keyboard.press(shift ? 'Alt+Shift+KeyN' : 'Alt+KeyN');
  await expect.poll(() => currentLine(page)).not.toBe(before);
  return currentLine(page);
}

async function openSummary(page: Page) {
  await page.getByText('Validation summary', { exact: true }).click();
  return page.getByRole('region', { name: /^Validation summary/ });
}

test('the format’s checks in the list: Alt+N goes round, warnings on request, a new format re-checks, duplicates together', async ({ parley, page }) => {
  await parley.goto();
  // Apertus (the default format) cannot write `human` or `bot`, nor an assistant's `content: null`.
  const file = [CLEAN(1), HUMAN_BOT, CLEAN(3), CALL_WITHOUT_RESULT, CALL_WITH_RESULT, CLEAN(1), CLEAN(7)].join('\n') + '\n';
  await parley.openFile('planted.jsonl', file, 'application/jsonl');
  await checked(page);
  await expect(row(page, 2)).toHaveAccessibleName(/2 errors$/);
  await expect(row(page, 4)).toHaveAccessibleName(/error/);
  await expect(row(page, 1)).toHaveAccessibleName(/no problems$/);

  // Alt+N: each record with an error, then round to the first again (and said).
  expect(await currentLine(page)).toBe(1);
  expect(await nextError(page)).toBe(2);
  expect(await nextError(page)).toBe(4);
  expect(await nextError(page)).toBe(2);
  await expect(parley.notice).toContainText('Went round to the first record with an error (line 2)');
  // Backwards, round past the first.
  expect(await nextError(page, true)).toBe(4);

  // Exact duplicates: a file-level entry of the summary, and listed together.
  const summary = await openSummary(page);
  await expect(summary.getByRole('group', { name: 'Exact duplicates' })).toContainText('1 record repeats an earlier one (1 group)');
  await expect(summary.getByRole('list', { name: 'Diagnostic codes' })).toContainText('tool-call/unanswered');
  await summary.getByRole('button', { name: 'Show the duplicates together' }).click();
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Line \d+: / })).toHaveCount(2);
  await expect(row(page, 1)).toBeVisible();
  await expect(row(page, 6)).toBeVisible();
  await summary.getByRole('button', { name: 'Show the duplicates together' }).click();
  await expect(list.getByRole('button', { name: /^Line \d+: / })).toHaveCount(7);

  // Another format: every record is checked again with it, the open one too (the dialect is the
  // data's, whatever the format: issue 24). In Apertus, which writes what its template writes of
  // call ids, the complete tool exchange has no problem.
  await expect(row(page, 5)).toHaveAccessibleName(/; OpenAI Chat Completions, .*no problems$/);
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'ChatML (Qwen2.5)' });
  // ChatML writes no call ids: the complete tool exchange has warnings (and no error).
  await expect(row(page, 5)).toHaveAccessibleName(/; OpenAI Chat Completions, .*, 2 warnings$/, { timeout: 20_000 });
  await checked(page);
  // Those call ids (c1 of lines 4 and 5) are harmless differences: one line of their own, below
  // the codes and not among them (issue 24).
  await expect(summary.getByRole('list', { name: 'Harmless differences' })).toContainText(/^2 records: harmless differences like .*call id.*lost-in-conversion$/);
  await expect(summary.getByRole('list', { name: 'Diagnostic codes' })).not.toContainText('lost-in-conversion');
  await expect(row(page, 1)).toHaveAccessibleName(/; OpenAI Chat Completions, /);

  // With "warnings too", Alt+N stops at it as well.
  await page.getByRole('checkbox', { name: 'Next error: warnings too' }).check();
  await page.evaluate(() => window.__parley.dataset.goto(0));
  expect(await nextError(page)).toBe(2);
  expect(await nextError(page)).toBe(4);
  expect(await nextError(page)).toBe(5);
});

test('a rules file: opened in the review tools, shown by name, refused when it is not one, removed', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('rules-here.jsonl', [CLEAN(1), AS_AN_AI].join('\n') + '\n', 'application/jsonl');
  await checked(page);
  const rules = page.getByRole('region', { name: 'Rules file' });
  await expect(rules).toContainText('none');
  const team = { forbiddenText: { patterns: [{ text: 'As an AI language model' }] }, maxTokens: { max: 4096 } };
  await rules.getByLabel('Rules file to open').setInputFiles({ name: 'team.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(team)) });
  await expect(rules).toContainText('team.json');
  await expect(rules).toContainText('forbidden text');
  await expect(rules).toContainText("Maximum tokens and trained share need the tokenizer's counts");
  // Apertus ships no tokenizer: the token rules are not skipped without a word.
  const summary = await openSummary(page);
  await expect(summary.getByRole('status')).toHaveText(/^Token rules not checked: load a tokenizer/);
  // Not a rules file: said, and the rules in use stay.
  await rules.getByLabel('Rules file to open').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"forbiddenText": ') });
  await expect(parley.alert).toContainText('broken.json is not a rules file');
  await expect(parley.alert).toContainText('The rules of team.json stay in use.');
  await expect(rules).toContainText('team.json');
  // Kept with the dataset: a reload of the same file checks with the same rules.
  await page.reload();
  await parley.waitReady();
  await parley.openFile('rules-here.jsonl', [CLEAN(1), AS_AN_AI].join('\n') + '\n', 'application/jsonl');
  await expect(page.getByRole('region', { name: 'Rules file' })).toContainText('team.json');
  await page.getByRole('button', { name: 'Remove the rules of team.json' }).click();
  await expect(page.getByRole('region', { name: 'Rules file' })).toContainText('none');
});

test('in ChatML, roles it cannot write, an empty assistant turn and a call without result are errors that Alt+N visits, round again', async ({ parley, page }) => {
  await parley.goto();
  await parley.setFormat('chatml');
  const file = [CLEAN(1), HUMAN_BOT, CLEAN(3), EMPTY_ASSISTANT, CLEAN(5), CALL_WITHOUT_RESULT, CLEAN(7)].join('\n') + '\n';
  await parley.openFile('chatml.jsonl', file, 'application/jsonl');
  await checked(page);
  for (const at of [2, 4, 6]) await expect(row(page, at)).toHaveAccessibleName(/\d+ errors?(, |$)/);
  for (const at of [1, 3, 5, 7]) await expect(row(page, at)).toHaveAccessibleName(/no problems$/);
  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Errors' }).selectOption('yes');
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /^Line \d+: / })).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Errors' }).selectOption('any');
  expect(await nextError(page)).toBe(2);
  expect(await nextError(page)).toBe(4);
  expect(await nextError(page)).toBe(6);
  expect(await nextError(page)).toBe(2);
});

test('a rules file loaded flags the record it forbids, which Alt+N then visits', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('rules.jsonl', [CLEAN(1), AS_AN_AI, CLEAN(3)].join('\n') + '\n', 'application/jsonl');
  await checked(page);
  await expect(row(page, 2)).toHaveAccessibleName(/no problems$/);
  const team = { forbiddenText: { patterns: [{ text: 'As an AI language model' }] } };
  await page.getByLabel('Rules file to open').setInputFiles({ name: 'team.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(team)) });
  await expect(row(page, 2)).toHaveAccessibleName(/1 error$/, { timeout: 20_000 });
  expect(await nextError(page)).toBe(2);
});
