/**
 * What the Token view must show for the record in the store: the token and trained counts of a
 * fresh render and tokenization in Node (the core's `trainingExample`, the code `parley tokenize`
 * runs), for the text the page shows, counted by the page itself or by the token worker; and the
 * wait for the page's own copy of the tokenizer (src/app/tokens/page-tokens.ts).
 */
import type { Page } from '@playwright/test';
import type { ParleyRecord, Rendered } from '../src/core/index.ts';
import { trainingExample, type Tokenizer } from '../src/core/tokens/index.ts';
import { expect, type ParleyPage } from './fixtures.ts';

export async function expectFreshCounts(page: Page, parley: ParleyPage, tokenizer: Tokenizer, render: (record: ParleyRecord) => Rendered, by: 'page' | 'worker'): Promise<void> {
  const { record } = await parley.state();
  const rendered = render(record);
  const fresh = trainingExample(tokenizer, record, rendered, {}).example;
  await expect(page.getByTestId('token-count')).toHaveText(`${fresh.count.toLocaleString('en-US')} tokens`, { timeout: 60_000 });
  await expect(page.getByTestId('trained-count')).toHaveText(`${fresh.labels.filter((label) => label !== -100).length.toLocaleString('en-US')} trained`);
  expect(await page.evaluate(() => window.__parley.tokenCounts()?.text)).toBe(rendered.text);
  expect(await page.evaluate(() => window.__parley.tokenCounts()?.by)).toBe(by);
}

/** Until the page's copy of the tokenizer is loaded and the current text's pieces are encoded (in idle time). */
export async function waitForPageCopy(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state = window.__parley.tokenCounts()?.page;
    return state?.state === 'ready' && state.warmed === true;
  }, undefined, { timeout: 60_000 });
}
