/**
 * The review, done as an annotator does it: a generated file with every kind of planted
 * defect at known lines (src/core/checks/test-defects.ts). Alt+N alone reaches every bad record and
 * nothing else, and `parley validate` (the built command) lists the same lines; with a rules file
 * loaded in the app and given to the command with --rules, the two still agree; with a token
 * rule too (maxTokens, judged with ChatML's own tokenizer, Qwen3, as `--tokenizer qwen3` does).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { defectFile } from '../src/core/checks/test-defects.ts';
import { expect, test } from './fixtures.ts';

const file = defectFile(300, 2, 2);
const dir = mkdtempSync(join(tmpdir(), 'parley-defects-'));
const dataPath = join(dir, 'planted.jsonl');
writeFileSync(dataPath, file.text);
/** Flags the clean records whose questions say "why" six times (one in seven), beside the planted ones. */
const RULES = { forbiddenText: { patterns: [{ text: 'why why why why why why' }] } };
const rulesPath = join(dir, 'team.json');
writeFileSync(rulesPath, JSON.stringify(RULES));
/**
 * The same rule and a token budget: the planted file's ChatML renders run from about 60 to 200
 * Qwen3 tokens (docs/bad-records.md: p50 89, p90 129), so 120 flags some of the records, not all.
 */
const TOKEN_RULES = { ...RULES, maxTokens: { max: 120 } };
const tokenRulesPath = join(dir, 'team-tokens.json');
writeFileSync(tokenRulesPath, JSON.stringify(TOKEN_RULES));

const plantedErrors = file.defects.filter((d) => d.severity === 'error').map((d) => d.line);

/** `parley validate --jsonl`'s result lines (one per input line). */
function commandResults(extra: string[] = []): { valid: boolean; diagnostics?: { code: string }[] }[] {
  const run = spawnSync(process.execPath, ['bin/parley.js', 'validate', '--format', 'chatml', '--jsonl', ...extra, dataPath], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(1);
  return run.stdout
    .split('\n')
    .slice(0, file.records)
    .map((line) => JSON.parse(line) as { valid: boolean; diagnostics?: { code: string }[] });
}

/** The lines `parley validate --jsonl` calls not valid. */
function commandErrorLines(extra: string[] = []): number[] {
  return commandResults(extra).flatMap((result, i) => (result.valid ? [] : [i + 1]));
}

async function currentLine(page: Page): Promise<number> {
  const name = (await page.getByRole('list', { name: 'Records' }).locator('button[aria-current="true"]').getAttribute('aria-label')) ?? '';
  return Number(/^Line (\d+):/.exec(name)?.[1]);
}

/** Presses Alt+N until it comes round to a record it visited: the lines it stopped at, in order. */
async function visitWithAltN(page: Page): Promise<number[]> {
  const visited: number[] = [];
  for (let i = 0; i < 200; i++) {
    const before = await currentLine(page);
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(() => currentLine(page)).not.toBe(before);
    const now = await currentLine(page);
    if (visited.includes(now)) return visited;
    visited.push(now);
  }
  throw new Error('Alt+N never came round');
}

test('every planted defect is reached with Alt+N alone, and the command names the same lines; with a rules file too', async ({ parley, page }) => {
  test.setTimeout(180_000);
  // The command, first: exactly the planted lines.
  expect(commandErrorLines()).toEqual(plantedErrors);

  await parley.goto();
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'ChatML (Qwen2.5)' });
  await parley.openFile('planted.jsonl', file.text, 'application/jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  const visited = await visitWithAltN(page);
  // From line 1, in file order, and round again.
  expect(visited).toEqual(plantedErrors);

  // A rules file: the app and the command flag the same records (the planted ones and those the rule forbids).
  await page.getByText('Validation summary', { exact: true }).click();
  await page.getByLabel('Rules file to open').setInputFiles({ name: 'team.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(RULES)) });
  const withRules = commandErrorLines(['--rules', rulesPath]);
  const ruled = withRules.filter((line) => !plantedErrors.includes(line)).length;
  expect(ruled).toBeGreaterThan(20);
  // The whole file checked again with the rules: the summary counts every record the rule flags.
  const codes = page.getByRole('list', { name: 'Diagnostic codes' });
  await expect(codes.getByRole('listitem').filter({ hasText: 'rules/forbiddenText' })).toContainText(`${ruled} records`, { timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  expect((await visitWithAltN(page)).sort((a, b) => a - b)).toEqual(withRules);

  // A token rule: counted in the rows, the summary and Alt+N as `validate --rules --tokenizer` counts it.
  const tokenArgs = ['--rules', tokenRulesPath, '--tokenizer', 'qwen3'];
  const results = commandResults(tokenArgs);
  const tooLong = results.filter((result) => result.diagnostics?.some((d) => d.code === 'rules/maxTokens')).length;
  // Some records, not all: the budget means something here, and the records under it still pass.
  expect(tooLong).toBeGreaterThan(10);
  expect(tooLong).toBeLessThan(file.records / 2);
  const withTokenRules = commandErrorLines(tokenArgs);
  expect(withTokenRules.length).toBeGreaterThan(withRules.length);
  await page.getByLabel('Rules file to open').setInputFiles({ name: 'team-tokens.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(TOKEN_RULES)) });
  // Tokens are counted in the background with ChatML's own tokenizer: the summary says so once done.
  await expect(page.getByText('Token rules checked with', { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(codes.getByRole('listitem').filter({ hasText: 'rules/maxTokens' })).toContainText(`${tooLong} records`, { timeout: 60_000 });
  await expect(codes.getByRole('listitem').filter({ hasText: 'rules/forbiddenText' })).toContainText(`${ruled} records`, { timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  expect((await visitWithAltN(page)).sort((a, b) => a - b)).toEqual(withTokenRules);
});
