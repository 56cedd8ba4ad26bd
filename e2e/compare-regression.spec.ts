/**
 * Template regression over a dataset and a Compare that explains itself, acting as a person:
 * open a small JSONL file, choose two renderings in "Template regression", run it, read the
 * counts, open a record that differs in Compare and read which option makes the sides equal;
 * then paste the official Qwen2.5 template (read from ../shared/reference at test time, skipped
 * when absent) and see Compare open it against its native format, special tokens as chips.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { byteFallbackFiles } from '../src/core/tokens/test-tokenizers.ts';
import { expect, test } from './fixtures.ts';
import { dropFiles } from './drop-files.ts';

const GOLDEN = join(process.env.PARLEY_REFERENCE_DIR ?? join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'reference')), 'hf-jinja-golden', 'hfjs_e2e_selected.json');

const PLAIN = { messages: [{ role: 'user', content: 'Hello?' }, { role: 'assistant', content: 'Hi.' }] };
/** OpenAI API data: the arguments are a string holding an object, which ChatML's two argument modes write differently. */
const CALL = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
  ],
};

async function openRegression(page: Page): Promise<void> {
  await page.getByText('Template regression', { exact: true }).click();
  await expect(page.getByLabel('A format')).toBeVisible();
}

test('run a regression over a dataset, read the counts, open a record that differs in Compare and read why', async ({ parley, page }) => {
  await parley.goto();
  const input = [PLAIN, CALL, PLAIN, CALL].map((r) => `${JSON.stringify(r)}\n`).join('');
  await parley.openFile('calls.jsonl', input, 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  await openRegression(page);

  // A: ChatML as it is; B: ChatML writing the arguments as given (a quoted string).
  await page.getByLabel('A format').selectOption('chatml');
  await page.getByLabel('B format').selectOption('chatml');
  await page.getByLabel('B Tool-call arguments').selectOption('as-given');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page.getByRole('status', { name: 'Regression progress' })).toHaveText('Compared 4 records.');
  // The plain records have no arguments: the same both ways; the two calls differ in their text.
  await expect(page.getByRole('status', { name: 'Regression counts' })).toHaveText('2 the same, 2 differ (text: 2).');
  const differing = page.getByRole('list', { name: 'Records that differ' });
  await expect(differing.getByRole('button')).toHaveText(['Line 2: text', 'Line 4: text']);

  await differing.getByRole('button', { name: 'Line 4: text' }).click();
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Left format')).toHaveValue('chatml');
  await expect(page.getByLabel('Right Tool-call arguments')).toHaveValue('as-given');
  await expect(parley.field('Message 1 content')).toHaveValue('Weather in Bern?');
  // Qwen's default system turn (2 lines), the user turn (2), the assistant header, <tool_call>, then line 7:
  // `{"name": "weather", "arguments": ` is 33 characters, and the arguments part at column 34 ({ against ").
  await expect(page.getByRole('status', { name: 'Compare status' })).toHaveText(/^Differences: first at line 7, column 34/);
  const why = page.getByRole('status', { name: 'Why the sides differ' });
  await expect(why).toContainText('Explained by an option: Left’s Tool-call arguments set to as-given makes both sides the same.');
  await expect(why).toContainText('Right’s Tool-call arguments set to object makes both sides the same.');
  // The special tokens are chips on both sides of the diff, as in the preview.
  const diff = page.getByRole('tabpanel', { name: 'Compare' });
  await expect(diff.locator('.editor.original .parley-special').first()).toHaveText('<|im_start|>');
  await expect(diff.locator('.editor.modified .parley-special').first()).toHaveText('<|im_start|>');

  // The regression panel, its list and Compare's explanation, as a screen reader meets them (as a11y.spec.ts judges).
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  await why.getByRole('button', { name: 'Set Right’s Tool-call arguments to object' }).click();
  await expect(page.getByRole('status', { name: 'Compare status' })).toHaveText('No differences');
  await expect(page.getByLabel('Right Tool-call arguments')).toHaveValue('object');
});

test('Stop ends a regression; a side that cannot render is counted as such', async ({ parley, page }) => {
  await parley.goto();
  const input = [PLAIN, CALL, PLAIN].map((r) => `${JSON.stringify(r)}\n`).join('');
  await parley.openFile('three.jsonl', input, 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  await openRegression(page);
  await page.getByLabel('A format').selectOption('chatml');
  await page.getByLabel('B format').selectOption('jinja');
  await page.getByLabel('B template').fill("{{ raise_exception('no, thanks') }}");
  const progress = page.getByRole('status', { name: 'Regression progress' });
  // Stopped at once: whatever the worker finished stays, and the pass is said to be stopped, not done.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(progress).toHaveText('Stopped: the records not compared yet are not listed. Run again to compare them all.');
  await page.getByRole('button', { name: 'Run again', exact: true }).click();
  await expect(progress).toHaveText('Compared 3 records.');
  await expect(page.getByRole('status', { name: 'Regression counts' })).toHaveText('0 the same, 0 differ (side B cannot render: 3).');
  await expect(page.getByRole('list', { name: 'Records that differ' }).getByRole('button').first()).toContainText('Line 1: side B cannot render: ');
  await expect(page.getByRole('list', { name: 'Records that differ' }).getByRole('button').first()).toContainText('no, thanks');
});

test('a pasted Qwen2.5 template opens in Compare against ChatML, said so, with chips on both sides', async ({ parley, page }) => {
  test.skip(!existsSync(GOLDEN), `reference templates not found at ${GOLDEN}`);
  const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, { chat_template: string }>;
  const qwen = golden['Qwen/Qwen2.5-7B-Instruct']?.chat_template as string;
  await parley.goto();
  await parley.load(PLAIN);
  await page.getByLabel('Format', { exact: true }).selectOption('jinja');
  await page.getByRole('tab', { name: 'Template', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Template' });
  await panel.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(qwen);
  await expect.poll(() => parley.previewText()).toContain('<|im_start|>assistant\nHi.<|im_end|>');

  await page.getByRole('tab', { name: 'Compare', exact: true }).click();
  await expect(page.getByLabel('Left format')).toHaveValue('jinja');
  await expect(page.getByLabel('Right format')).toHaveValue('chatml');
  const why = page.getByRole('status', { name: 'Why the sides differ' });
  await expect(why).toContainText('Left’s template is Qwen/Qwen2.5-7B-Instruct’s (known by its hash); ChatML (Qwen2.5) renders it natively.');
  // A plain conversation renders the same both ways (the official template and the native format are byte-exact on it).
  await expect(page.getByRole('status', { name: 'Compare status' })).toHaveText('No differences');
  const diff = page.getByRole('tabpanel', { name: 'Compare' });
  await expect(diff.locator('.editor.original .parley-special').first()).toHaveText('<|im_start|>');
  await expect(diff.locator('.editor.modified .parley-special').first()).toHaveText('<|im_start|>');
});

test("a pasted template on one side, with the template's tokenizer and a mask, over the records as Save would write them", async ({ parley, page }) => {
  test.setTimeout(120_000);
  await parley.goto();
  const system = { role: 'system', content: 'Be brief.' };
  const one = (answer: string) => ({ messages: [system, { role: 'user', content: 'Hello?' }, { role: 'assistant', content: answer }] });
  const two = { messages: [...one('Hi.').messages, { role: 'user', content: 'And?' }, { role: 'assistant', content: 'Done.' }] };
  await parley.openFile('turns.jsonl', [one('Hi.'), two, one('Fine.')].map((r) => `${JSON.stringify(r)}\n`).join(''), 'application/jsonl');
  const records = page.getByRole('list', { name: 'Records' });
  await expect(records).toBeVisible();
  // An unsaved edit: record 3's answer gets a trailing space (the pasted template trims it, native ChatML does not).
  await records.getByRole('button', { name: /^Line 3:/ }).click();
  await parley.field('Message 3 content').fill('Fine. ');
  await openRegression(page);

  await page.getByLabel('A format').selectOption('chatml');
  await page.getByLabel('A tokenizer').selectOption({ label: "The format's own (Qwen3)" });
  await page.getByLabel('B format').selectOption('jinja');
  // ChatML as a template that trims each message (the records have a system turn, so ChatML adds no default one).
  await page.getByLabel('B template').fill('{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content | trim }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}');
  await page.getByLabel('B tokenizer').selectOption({ label: "A stand-in for the template's (Qwen3, approximate)" });
  await expect(page.getByText("The template is not one Parley knows: Qwen3's tokenizer stands in")).toBeVisible();
  await page.getByLabel('B trained turns').selectOption('last');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page.getByRole('status', { name: 'Regression progress' })).toHaveText('Compared 3 records.', { timeout: 60_000 });
  // Record 1: one turn, the same every way. Record 2: two turns, B trains the last only: its labels.
  // Record 3 as edited: the trailing space is in A's text and not B's: text, ids and labels.
  await expect(page.getByRole('status', { name: 'Regression counts' })).toHaveText('1 the same, 2 differ (text: 1, token ids: 1, labels: 2).');
  const differing = page.getByRole('list', { name: 'Records that differ' });
  await expect(differing.getByRole('button')).toHaveText(['Line 2: labels', 'Line 3: text, token ids, labels']);

  await differing.getByRole('button', { name: 'Line 3: text, token ids, labels' }).click();
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Left format')).toHaveValue('chatml');
  await expect(page.getByLabel('Right format')).toHaveValue('jinja');
  await expect(parley.field('Message 3 content')).toHaveValue('Fine. ');
  await expect(page.getByRole('status', { name: 'Compare status' })).toHaveText(/^Differences: first at line 6/);
});

test("a tokenizer_config.json dropped with its tokenizer.json: a side counts with that tokenizer, the template's own", async ({ parley, page }) => {
  test.setTimeout(120_000);
  await parley.goto();
  await parley.openFile('plain.jsonl', [PLAIN, PLAIN].map((r) => `${JSON.stringify(r)}\n`).join(''), 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  const files = byteFallbackFiles();
  const template = '{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}';
  await dropFiles(page, [
    { name: 'tokenizer_config.json', text: JSON.stringify({ ...files.config, chat_template: template }), type: 'application/json' },
    { name: 'tokenizer.json', text: JSON.stringify(files.tokenizer), type: 'application/json' },
  ]);
  await expect(parley.notice).toContainText('tokenizer_config.json opened in the Jinja template format');
  await openRegression(page);
  // Both sides start as the app has the Jinja format: that template; A counts with Qwen3, B with the template's own files.
  await expect(page.getByLabel('A format')).toHaveValue('jinja');
  await expect(page.getByLabel('B template')).toHaveValue(template);
  await page.getByLabel('A tokenizer').selectOption({ label: 'Qwen3' });
  await page.getByLabel('B tokenizer').selectOption({ label: "The template's own (tokenizer.json)" });
  await expect(page.getByText("The template's own tokenizer: the tokenizer.json given with its tokenizer_config.json.")).toBeVisible();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Regression progress' })).toHaveText('Compared 2 records.', { timeout: 60_000 });
  // The same text; another tokenizer: other ids, and so other labels (the ids where trained).
  await expect(page.getByRole('status', { name: 'Regression counts' })).toHaveText('0 the same, 2 differ (token ids: 2, labels: 2).');
});
