/**
 * Dataset mode as a person uses it: open a generated JSON Lines file of a few thousand records
 * (bad lines, a blank line, CRLF on some lines, a record with an error, no final newline)
 * through the Open button, watch it load, move with the keyboard, fix the record with an error
 * in the form editors, export, and compare the export with the input line by line.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const RECORDS = 3000;
const BAD_JSON = 9; // line 10
const NOT_A_CONVERSATION = 499; // line 500
const BLANK = 99; // line 100
const WITH_ERROR = 41; // line 42
const CRLF = new Set([20, 21, 22, 23, 24, 25, 26, 27, 28, 29, WITH_ERROR - 1]);

function record(i: number): unknown {
  return {
    id: `r${i}`,
    messages: [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: `Question number ${i}?` },
      { role: 'assistant', content: `Answer ${i}.` },
    ],
  };
}

/** An assistant tool call whose arguments are not JSON (a trailing comma): an error the checks report. */
function withBadArguments(args: string): unknown {
  return {
    id: 'weather',
    messages: [
      { role: 'user', content: 'Weather in Bern?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args } }] },
    ],
  };
}

/** The file's lines, each with its own terminator (the last has none). */
function generate(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < RECORDS; i++) {
    let text = JSON.stringify(record(i));
    if (i === BAD_JSON) text = '{"messages": [{"role": "user", "content": "cut off"';
    if (i === NOT_A_CONVERSATION) text = '{"prompt": "not a conversation"}';
    if (i === BLANK) text = '';
    if (i === WITH_ERROR) text = JSON.stringify(withBadArguments('{"city": "Bern",}'));
    const terminator = i === RECORDS - 1 ? '' : CRLF.has(i) ? '\r\n' : '\n';
    lines.push(text + terminator);
  }
  return lines;
}

/** Lines of a file, each keeping its terminator. */
function splitKeepingTerminators(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

async function current(page: Page): Promise<number> {
  return page.evaluate(() => window.__parley.dataset.current());
}

test('open a JSONL file, review it by keyboard, fix the record with an error, export: only that line changes', async ({ parley, page }) => {
  await parley.goto();
  const lines = generate();
  const input = lines.join('');
  // Remember whether a progress bar was ever shown (opening a small file is quick).
  await page.evaluate(() => {
    const seen = window as unknown as { sawProgress?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"]')) seen.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await parley.openFile('conversations.jsonl', input, 'application/jsonl');

  await expect(parley.notice).toContainText(`Opened conversations.jsonl`);
  await expect(parley.notice).toContainText(`${(RECORDS - 1).toLocaleString('en')} records`);
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(true);
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(RECORDS - 1);
  // The first record is in the editors and the preview.
  await expect(parley.field('Message 2 content')).toHaveValue('Question number 0?');
  await parley.expectPreviewToContain('Question number 0?');
  // Every record is checked in the background; then the list knows which have errors.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expect(list.getByRole('button', { name: /^Line 10: not valid JSON/ })).toBeVisible();

  // Next and previous by keyboard.
  await page.keyboard.press('Alt+KeyJ');
  await expect(parley.field('Message 2 content')).toHaveValue('Question number 1?');
  expect(await current(page)).toBe(1);
  await page.keyboard.press('Alt+KeyK');
  await expect(parley.field('Message 2 content')).toHaveValue('Question number 0?');

  // Next record with an error: the bad line first, shown as text with its reason.
  await page.keyboard.press('Alt+KeyN');
  const badLine = page.getByRole('region', { name: 'Bad line' });
  await expect(badLine).toContainText('Line 10: not valid JSON');
  await expect(badLine.getByRole('textbox', { name: 'Line text' })).toHaveValue((lines[BAD_JSON] as string).replace(/\r?\n$/, ''));
  // Then the record whose tool call arguments are not JSON.
  await page.keyboard.press('Alt+KeyN');
  const args = parley.field('Message 2 tool call 1 arguments');
  await expect(args).toHaveAttribute('aria-invalid', 'true');
  // Index = line - 1 here: the blank line (line 100, not a record) comes later.
  expect(await current(page)).toBe(WITH_ERROR);
  await args.fill('{"city": "Bern"}');
  await expect(args).not.toHaveAttribute('aria-invalid', 'true');
  // Moving on commits the fix; the row says so.
  await page.keyboard.press('Alt+KeyJ');
  await expect(list.getByRole('button', { name: /^Line 42: Weather in Bern\?.*edited/ })).toBeVisible();

  // Export the whole file.
  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export the whole file').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('conversations.parley.jsonl');
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const exported = Buffer.concat(chunks).toString('utf8');
  const out = splitKeepingTerminators(exported);
  expect(out).toHaveLength(lines.length);
  for (let i = 0; i < lines.length; i++) {
    if (i === WITH_ERROR) continue;
    if (out[i] !== lines[i]) throw new Error(`line ${i + 1} changed: ${JSON.stringify(out[i])} (was ${JSON.stringify(lines[i])})`);
  }
  // The fixed line: the same record with the arguments fixed, its keys in their order, with its own LF terminator.
  const fixed = out[WITH_ERROR] as string;
  expect(fixed.endsWith('\n') && !fixed.endsWith('\r\n')).toBe(true);
  expect(Object.keys(JSON.parse(fixed) as object)).toEqual(['id', 'messages']);
  expect(JSON.parse(fixed)).toEqual(withBadArguments('{"city": "Bern"}'));
  // The test API writes the same bytes.
  const bytes = await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()));
  expect(Buffer.from(bytes).toString('utf8')).toBe(exported);
});

test('a bad line fixed as text becomes a record; duplicate and delete are undoable; the test API drives it', async ({ parley, page }) => {
  await parley.goto();
  const text = [JSON.stringify(record(0)), 'oops', JSON.stringify(record(2))].join('\n') + '\n';
  await page.evaluate((content) => window.__parley.dataset.open(content, 'small.jsonl'), text);
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(3);
  await page.evaluate(() => window.__parley.dataset.goto(1));
  const badLine = page.getByRole('region', { name: 'Bad line' });
  await expect(badLine).toContainText('Line 2: not valid JSON');
  const fixedLine = JSON.stringify({ messages: [{ role: 'user', content: 'Fixed as text' }] });
  await badLine.getByRole('textbox', { name: 'Line text' }).fill(fixedLine);
  await badLine.getByRole('button', { name: 'Apply' }).click();
  await expect(parley.field('Message 1 content')).toHaveValue('Fixed as text');
  expect(await page.evaluate(() => window.__parley.renderedText())).toContain('Fixed as text');

  await parley.button('Duplicate the record at line 1').click();
  await parley.button('Delete the record at line 3').click();
  const exported = async () => Buffer.from(await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()))).toString('utf8');
  expect(await exported()).toBe([JSON.stringify(record(0)), JSON.stringify(record(0)), fixedLine].join('\n') + '\n');
  // Undo: the delete, then the duplicate (the record's own history is empty after moving).
  await page.evaluate(() => window.__parley.dataset.goto(0));
  await parley.button('Undo').click();
  await parley.button('Undo').click();
  expect(await exported()).toBe([JSON.stringify(record(0)), fixedLine, JSON.stringify(record(2))].join('\n') + '\n');

  // Close asks first (there are changes), then the record in the editors stays as a single conversation.
  page.once('dialog', (dialog) => void dialog.accept());
  await parley.button('Close').click();
  await expect(page.getByRole('complementary', { name: 'Dataset' })).toHaveCount(0);
  await expect(parley.field('Message 2 content')).toHaveValue('Question number 0?');
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(0);
});

test('a .json file holding an array of records opens as a dataset', async ({ parley, page }) => {
  await parley.goto();
  const text = `[\n  ${JSON.stringify(record(0))},\n  ${JSON.stringify(record(1))}\n]\n`;
  await parley.openFile('array.json', text);
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  expect(await page.evaluate(() => window.__parley.dataset.count())).toBe(2);
  await page.evaluate(() => window.__parley.dataset.goto(1));
  await expect(parley.field('Message 2 content')).toHaveValue('Question number 1?');
  expect(Buffer.from(await page.evaluate(async () => Array.from(await window.__parley.dataset.exportBytes()))).toString('utf8')).toBe(text);
});

test('the record in the editors stays in view in the list, moving by keyboard past its edge and jumping far', async ({ parley, page }) => {
  await parley.goto();
  const text = Array.from({ length: RECORDS }, (_, i) => JSON.stringify(record(i))).join('\n') + '\n';
  await page.evaluate((content) => window.__parley.dataset.open(content, 'many.jsonl'), text);
  const list = page.getByRole('list', { name: 'Records' });
  const currentRow = list.locator('button[aria-current="true"]');
  await expect(currentRow).toHaveAccessibleName(/^Line 1: Question number 0\?/);
  // Far more moves than rows on screen: the list follows, and the row is never cut off.
  for (let i = 1; i <= 30; i++) {
    await page.keyboard.press('Alt+KeyJ');
    await expect(parley.field('Message 2 content')).toHaveValue(`Question number ${i}?`);
    await expect(currentRow).toHaveAccessibleName(new RegExp(`^Line ${i + 1}: `));
    await expect(currentRow).toBeInViewport({ ratio: 1 });
  }
  // A jump far down, then back up above the view.
  await page.evaluate(() => window.__parley.dataset.goto(2500));
  await expect(currentRow).toHaveAccessibleName(/^Line 2501: /);
  await expect(currentRow).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => window.__parley.dataset.goto(3));
  await expect(currentRow).toHaveAccessibleName(/^Line 4: /);
  await expect(currentRow).toBeInViewport({ ratio: 1 });
});
