/**
 * The token rules in the open record's Diagnostics panel (issue 21, item 1): with a rules file
 * that has a token budget (maxTokens), the record the list counts as over it shows the rule in
 * its panel too; edited under the budget, the panel follows the edit (measured in the lengths
 * worker, not on the page) before it is written back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const line = (answer: string) => JSON.stringify({ messages: [{ role: 'user', content: 'Tell me about birds.' }, { role: 'assistant', content: answer }] });
/** Line 3's answer is 300 words (well over 100 Qwen3 tokens); the others' are a few words (ChatML's render of them stays near 30 tokens). */
const FILE = [line('Birds fly.'), line('Some swim.'), line('word '.repeat(300).trim()), line('Many sing.')].join('\n') + '\n';
const RULES = { maxTokens: { max: 100 } };

function row(page: Page, at: number) {
  return page.getByRole('list', { name: 'Records' }).getByRole('button', { name: new RegExp(`^Line ${at}: `) });
}

test('a record over the rules file’s token budget: its Diagnostics panel lists rules/maxTokens as its row counts it, and follows an edit', async ({ parley, page }) => {
  test.setTimeout(120_000);
  await parley.goto();
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'ChatML (Qwen2.5)' });
  await parley.openFile('birds.jsonl', FILE, 'application/jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.getByText('Validation summary', { exact: true }).click();
  await page.getByLabel('Rules file to open').setInputFiles({ name: 'budget.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(RULES)) });
  // The tokens are counted in the background with ChatML's own tokenizer (Qwen3).
  await expect(page.getByText('Token rules checked with', { exact: false })).toBeVisible({ timeout: 60_000 });
  const codes = page.getByRole('list', { name: 'Diagnostic codes' });
  await expect(codes.getByRole('listitem').filter({ hasText: 'rules/maxTokens' })).toContainText('1 record');
  await expect(row(page, 3)).toHaveAccessibleName(/, 1 error(,|$)/);
  await expect(row(page, 1)).toHaveAccessibleName(/, no problems(,|$)/);

  const panel = parley.diagnostics.getByRole('list', { name: 'Diagnostics', exact: true });
  // The first record, under the budget: nothing of the rule.
  await row(page, 1).click();
  await expect(parley.field('Message 2 content')).toHaveValue('Birds fly.');
  await expect(panel.getByRole('listitem').filter({ hasText: 'rules/maxTokens' })).toHaveCount(0);
  // The long one: the panel lists the rule, as its row counts it.
  await row(page, 3).click();
  await expect(parley.field('Message 2 content')).toHaveValue(/^word word/);
  const rule = panel.getByRole('listitem').filter({ hasText: 'rules/maxTokens' });
  await expect(rule).toHaveCount(1, { timeout: 20_000 });
  await expect(rule).toContainText(/100/);

  // Edited under the budget: measured again as typed, the rule goes from the panel before the edit is written back.
  await parley.field('Message 2 content').fill('A few words.');
  await expect(rule).toHaveCount(0, { timeout: 20_000 });
  // And over it again.
  await parley.field('Message 2 content').fill('tweet '.repeat(200).trim());
  await expect(rule).toHaveCount(1, { timeout: 20_000 });
});
