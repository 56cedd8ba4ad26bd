/**
 * Issue 20 in the app: an edited dataset record is written back with every number it did not
 * change spelled as it was (`1.0`, `-0`, `1E+5`, 20 digits), and a record nested 5,000 deep can
 * be edited and exported (it threw an uncaught RangeError: no download, no notice).
 */
import { expect, test } from './fixtures.ts';

const DEPTH = 5000;
const deep = `${'['.repeat(DEPTH)}{"w":1.0}${']'.repeat(DEPTH)}`;
const LINES = [
  '{"messages":[{"role":"user","content":"First question"}],"meta":{"n":1}}',
  `{"messages":[{"role":"user","content":"Deep question"}],"tree":${deep},"temperature":1.0}`,
  '{"messages":[{"role":"user","content":"Numbers question","weight":0.10}],"meta":{"t":1.0,"z":-0,"e":1E+5,"seed":12345678901234567890}}',
  '{"messages":[{"role":"user","content":"Last question"}]}',
];

test('a record nested 5,000 deep and a record of odd numbers: edited, exported, written as edited with every other byte kept', async ({ parley, page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await parley.goto();
  await parley.openFile('numbers.jsonl', `${LINES.join('\n')}\n`, 'application/jsonl');
  await expect(parley.notice).toContainText('Opened numbers.jsonl');
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue('First question');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // The deep record: picked in the list, edited as a person types.
  await list.getByRole('button', { name: /^Line 2: Deep question/ }).click();
  await expect(content).toHaveValue('Deep question');
  await content.fill('Deep question, edited');
  // The record of odd numbers.
  await list.getByRole('button', { name: /^Line 3: Numbers question/ }).click();
  await expect(content).toHaveValue('Numbers question');
  await content.fill('Numbers question, edited');
  await expect(list.getByRole('button', { name: /^Line 2: Deep question, edited.*edited/ })).toBeVisible();

  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export the whole file').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('numbers.parley.jsonl');
  await expect(parley.notice).toContainText('Exported numbers.parley.jsonl: untouched records byte for byte, 2 records changed.');
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const out = Buffer.concat(chunks).toString('utf8').split('\n');
  expect(out[0]).toBe(LINES[0]);
  expect(out[1]).toBe((LINES[1] as string).replace('"Deep question"', '"Deep question, edited"'));
  expect(out[2]).toBe((LINES[2] as string).replace('"Numbers question"', '"Numbers question, edited"'));
  expect(out.slice(3)).toEqual([LINES[3], '']);
  expect(uncaught).toEqual([]);
});
