/**
 * OpenChatML (spec 003) in the app, acting as a person: a FIM document and a named
 * multi-speaker conversation built from scratch, and a spec example opened from the gallery.
 * The expected texts are written by hand from the spec's format (§3–§7, docs/formats.md 'OpenChatML v0.1'), not
 * taken from Parley's renderer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { FIBONACCI_COMPLETION } from '../src/core/formats/openchatml/spec003.examples.ts';
import { expect, normalise, test, type ParleyPage } from './fixtures.ts';

async function startNew(parley: ParleyPage, page: Page, item: 'New chat conversation' | 'New multi-file document'): Promise<void> {
  await parley.goto();
  await parley.button('New').click();
  await page.getByRole('menu', { name: 'New' }).getByRole('menuitem', { name: item }).click();
}

/** Types into a field the way a person does: click, then keys. */
async function typeInto(parley: ParleyPage, label: string, text: string): Promise<void> {
  const field = parley.field(label);
  await field.click();
  await field.pressSequentially(text);
}

async function press(locator: Locator, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await locator.press(key);
}

function fimMiddles(page: Page): Locator {
  return page.getByRole('region', { name: 'Preview' }).locator('.parley-fim-middle');
}

// Typing whole records key by key and running axe twice take longer than a click-through on the
// shared 2-core machine: these tests get the slow-test timeout.

test('builds a FIM document from scratch: new document, two named files, split at a caret and at a selection', async ({ parley, page }) => {
  test.slow();
  await startNew(parley, page, 'New multi-file document');
  // Apertus (the first visit's format) renders no documents: the app says it switched.
  await expect(parley.notice).toContainText('Started a new multi-file document in OpenChatML v0.1');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('openchatml');
  await expect(parley.field('File 1 part 1 text')).toBeFocused();

  await typeInto(parley, 'File 1 name', 'capital.txt');
  await typeInto(parley, 'File 1 part 1 text', 'The capital of France is , which is known for its famous Eiffel Tower.');
  await parley.button('Add file').click();
  await expect(parley.field('File 2 part 1 text')).toBeFocused();
  await page.keyboard.type('def add(a, b):\n    return a + b\n');
  await typeInto(parley, 'File 2 name', 'add.py');

  // File 1: the caret after "is " (25 characters in); the middle is then empty, and typed.
  const first = parley.field('File 1 part 1 text');
  await first.click();
  await first.press('ControlOrMeta+Home');
  await press(first, 'ArrowRight', 25);
  await parley.button('Split file 1 part 1 into FIM segment at cursor').click();
  await expect(parley.field('File 1 part 1 FIM middle')).toBeFocused();
  await expect(parley.field('File 1 part 1 FIM prefix')).toHaveValue('The capital of France is ');
  await page.keyboard.type('Paris');

  // File 2: select "return a + b" (line 2, after four spaces); it becomes the middle.
  const second = parley.field('File 2 part 1 text');
  await second.click();
  await second.press('ControlOrMeta+Home');
  await second.press('ArrowDown');
  await press(second, 'ArrowRight', 4);
  await second.press('Shift+End');
  await parley.button('Split file 2 part 1 into FIM segment at cursor').click();
  await expect(parley.field('File 2 part 1 FIM middle')).toHaveValue('return a + b');
  await expect(page.getByRole('group', { name: 'File 2 part 1' })).toContainText('Cursor: the middle goes at line 2, column 5 of file 2');

  // §6 (prefix, middle, suffix, as the spec writes them) in files joined by §7's separator
  // line; no [BOS]/[EOS] around a document, and file names are not written.
  const expected = [
    '<|fim_prefix|>The capital of France is <|fim_middle|>Paris<|fim_suffix|>, which is known for its famous Eiffel Tower.',
    '<|file_separator|>',
    '<|fim_prefix|>def add(a, b):',
    '    <|fim_middle|>return a + b<|fim_suffix|>',
    '',
  ].join('\n');
  await expect.poll(() => parley.previewText()).toBe(expected);
  // The middles are marked in the preview (without "Shade trainable").
  await expect.poll(async () => (await fimMiddles(page).allInnerTexts()).map(normalise)).toEqual(['Paris', 'return a + b']);

  // The split is one undo step: undo gives the text part back, whole.
  await parley.button('Undo').click();
  await expect(parley.field('File 2 part 1 text')).toHaveValue('def add(a, b):\n    return a + b\n');
});

test('builds a named multi-speaker conversation with thought flags and a thought block', async ({ parley, page }) => {
  test.slow();
  await startNew(parley, page, 'New chat conversation');
  await page.getByRole('combobox', { name: 'Format' }).selectOption('openchatml');

  await parley.button('Add system message').click();
  await expect(parley.field('Message 1 content')).toBeFocused();
  await page.keyboard.type('You are a debate moderator.');
  await parley.field('Message 1 thought flag reason').check();
  await parley.field('Message 1 thought flag reflect').check();

  await parley.button('Add user message').click();
  await page.keyboard.type('Is a hot dog a sandwich?');
  await typeInto(parley, 'Message 2 name', 'Alice');
  await parley.button('Add user message').click();
  await page.keyboard.type('It is not.');
  await typeInto(parley, 'Message 3 name', 'Bob');

  await parley.button('Add assistant message').click();
  await typeInto(parley, 'Message 4 name', 'Moderator');
  await page.getByRole('radiogroup', { name: 'Message 4 content kind' }).getByRole('radio', { name: 'Blocks' }).check();
  await parley.button('Add thoughts to message 4').click();
  await expect(parley.field('Message 4 block 1 text')).toBeFocused();
  await page.keyboard.type('Both want a ruling.');
  await parley.field('Message 4 block 1 thought kind').selectOption('reflect');
  await parley.button('Add response to message 4').click();
  await page.keyboard.type('Let us define a sandwich first.');

  // §3 headers with name=, §4 flags at the end of the system content (reflect before reason,
  // whatever the order they were ticked in) and the reflect block before the answer, §5 BOS/EOS.
  const expected = [
    '[BOS]<|im_start|>system',
    'You are a debate moderator.<|reflect|><|reason|>',
    '<|im_end|>',
    '<|im_start|>user name=Alice',
    'Is a hot dog a sandwich?',
    '<|im_end|>',
    '<|im_start|>user name=Bob',
    'It is not.',
    '<|im_end|>',
    '<|im_start|>assistant name=Moderator',
    '<|start_reflect|>Both want a ruling.<|end_reflect|>',
    'Let us define a sandwich first.',
    '<|im_end|>[EOS]',
  ].join('\n');
  await expect.poll(() => parley.previewText()).toBe(expected);
  // Every block has its flag: no warning about thoughts the system prompt did not ask for.
  expect((await parley.state()).diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
});

test('opens a spec 003 example from the gallery: the preview is the spec\'s text, the middle is marked in both themes', async ({ parley, page }) => {
  const specs = process.env.PARLEY_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'specs');
  const file = existsSync(specs) ? readdirSync(specs).find((name) => name.startsWith('003_')) : undefined;
  // The copy in spec003.examples.ts is the spec's code block, verbatim (checked here when the spec is present).
  if (file !== undefined) expect(readFileSync(join(specs, file), 'utf8')).toContain(`Completion:\n\`\`\`\n${FIBONACCI_COMPLETION}\n\`\`\``);

  await parley.goto();
  await parley.openExample('§9 Fill-in-the-middle completion (Fibonacci)');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('openchatml');
  await expect.poll(() => parley.previewText()).toBe(FIBONACCI_COMPLETION);

  const middle = fimMiddles(page).first();
  await expect(middle).toContainText('for i in range(2, n):');
  const style = () => middle.evaluate((element) => `${getComputedStyle(element).textDecorationColor} ${getComputedStyle(element).backgroundColor}`);
  await parley.chooseTheme('light');
  const light = await style();
  await parley.chooseTheme('dark');
  await expect.poll(style).not.toBe(light);
});

for (const theme of ['light', 'dark'] as const) {
  test(`thought flags, the FIM editor and the New menu have no serious accessibility violations (${theme})`, async ({ parley, page }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: theme });
    await parley.goto();
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    await parley.openExample('§4 Thought structure: flags and reflect/introspect/reason blocks');
    await expect(parley.field('Message 1 thought flag reason')).toBeChecked();
    expect(await serious()).toEqual([]);
    await parley.openExample('§9 Multi-file summarization task (black holes)');
    await expect(page.getByRole('group', { name: 'File 4 part 1' })).toContainText('Cursor: the middle goes at line 1, column 1 of file 4');
    await parley.button('New').click();
    await expect(page.getByRole('menu', { name: 'New' })).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}
