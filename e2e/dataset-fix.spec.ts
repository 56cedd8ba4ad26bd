/**
 * "Fix all of this kind" across a dataset, as a person uses it: open a generated JSON Lines file
 * of OpenAI Chat Completions records, a third of which have an assistant `content: null` beside
 * its `tool_calls` (which Apertus refuses), press the button beside that diagnostic, read the
 * count, confirm, check that exactly those lines changed (and how), see that New asks before
 * losing them, undo, and get the input back byte for byte.
 */
import { expect, test } from './fixtures.ts';

const RECORDS = 300;
const LABEL = 'Use "" as the content';

/** Every third record (0, 3, 6, …) has the problem; the others are plain, or a call with content "" already. */
function record(i: number): unknown {
  const user = { role: 'user', content: `Weather in city ${i}?` };
  const call = { id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: `{"city":"c${i}"}` } };
  if (i % 3 === 0) {
    return {
      id: `r${i}`,
      messages: [user, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: 'Sunny' }, { role: 'assistant', content: `Sunny in c${i}.` }],
      meta: { batch: i },
    };
  }
  if (i % 3 === 1) return { id: `r${i}`, messages: [user, { role: 'assistant', content: `No idea about ${i}.` }] };
  return { id: `r${i}`, messages: [user, { role: 'assistant', content: '', tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: 'Rain' }, { role: 'assistant', content: 'Rain.' }] };
}

test('Fix all of this kind across the dataset: counted, confirmed, exactly those lines changed, undone byte for byte', async ({ parley, page }) => {
  await parley.goto();
  await parley.setFormat('apertus', { date: '2026-01-01' });
  const lines = Array.from({ length: RECORDS }, (_, i) => `${JSON.stringify(record(i))}\n`);
  const input = lines.join('');
  await parley.openFile('calls.jsonl', input, 'application/jsonl');
  await expect(parley.notice).toContainText(`${RECORDS} records`);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  // Read as Apertus JSON: there `content: null` beside calls is the data's own, which the template
  // raises on (read as OpenAI Chat, Apertus writes it "" and nothing needs fixing: issue 24).
  const readAs = page.getByRole('group', { name: 'Read as' });
  await readAs.getByText(/^Read as: /).click();
  await readAs.getByRole('combobox', { name: 'Read the records as' }).selectOption('apertus-json');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // Record 0 is in the editors: its diagnostic carries the fix, and the button offers it across the dataset.
  const fixAll = parley.diagnostics.getByRole('button', { name: `Fix all of this kind in the dataset: ${LABEL}` });
  await expect(fixAll).toBeVisible();
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await fixAll.click();
  await expect(parley.notice).toContainText(`Fixed 100 records (100 places): ${LABEL}.`);
  expect(question).toBe(`Fix 100 records (100 places)?\n${LABEL}.\nUndo reverts them together.`);

  const exported = async (): Promise<string> => Buffer.from(await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()))).toString('utf8');
  const out = (await exported()).match(/[^\n]*\n/g) ?? [];
  expect(out).toHaveLength(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const expected = i % 3 === 0 ? (lines[i] as string).replace('"content":null', '"content":""') : lines[i];
    // Exactly the record's `null` became `""`: same keys in the same order, unknown `meta` kept.
    if (out[i] !== expected) throw new Error(`line ${i + 1}: ${JSON.stringify(out[i])}, expected ${JSON.stringify(expected)}`);
  }
  // The record in the editors was one of them: the diagnostic and its button are gone.
  await expect(fixAll).toHaveCount(0);

  // New would close the dataset and lose the fixes: it asks first; "Cancel" keeps everything.
  let leaving = '';
  page.once('dialog', (dialog) => {
    leaving = dialog.message();
    void dialog.dismiss();
  });
  await parley.button('New').click();
  await page.getByRole('menuitem', { name: 'New chat conversation' }).click();
  await expect(parley.notice).toContainText('Kept the dataset');
  // The changes are kept in this browser (IndexedDB), and the question says so.
  expect(leaving).toContain('Close the dataset? Your changes stay saved in this browser');
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(RECORDS);

  await parley.button(/^Undo/).click();
  await expect(parley.notice).toContainText(`Undone: Fix all: ${LABEL}.`);
  await expect.poll(exported).toBe(input);
  await expect(fixAll).toBeVisible();
});
