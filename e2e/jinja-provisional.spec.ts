/**
 * Typing under a real template shows the typed text in the keystroke (issue 23, item 6): with
 * the Qwen2.5 chat template (../shared/reference, skipped when absent) on 100 messages, a
 * keystroke in Message 1 makes every later prefix of the template mask render again, which the
 * page leaves to the template worker. Acting as a person, with the worker's answers held back:
 * the Text view shows the typed characters at once (a provisional render, its mask carried
 * over); the Token view does not tokenize it (its counts and exported labels wait for the
 * worker's exact render, and equal those of a fresh render and tokenization of the same record
 * once it arrives); the final text and trainable shading are the core's `renderJinja`.
 */
import type { Download, Page } from '@playwright/test';
import { renderJinja } from '../src/core/formats/jinja/render.ts';
import type { ParleyRecord } from '../src/core/index.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, QWEN25 } from '../test/reference/hf-jinja-golden.ts';
import { expect, test, type ParleyPage } from './fixtures.ts';
import { trainableRuns } from '../src/app/preview/trainable-runs.ts';

const MESSAGES = 100;
const CONVERSATION = {
  messages: Array.from({ length: MESSAGES }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Message number ${i + 1} of the conversation.` })),
};

/**
 * Holds back the template worker's answers while `hold` is on (workers made after this script
 * runs: the app makes its template workers on demand). Only `jinja-rendered` answers are held;
 * `release()` hands them over in order.
 */
function holdTemplateAnswers(): void {
  const held: (() => void)[] = [];
  const control = { hold: false, held: () => held.length, release: () => held.splice(0).forEach((deliver) => deliver()) };
  (window as unknown as { __templateAnswers: typeof control }).__templateAnswers = control;
  const Original = window.Worker;
  window.Worker = class extends Original {
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
      if (type !== 'message' || typeof listener !== 'function') return super.addEventListener(type, listener, options);
      super.addEventListener(type, (event: Event) => {
        const data = (event as MessageEvent<{ type?: unknown }>).data;
        if (control.hold && data?.type === 'jinja-rendered') held.push(() => listener(event));
        else listener(event);
      }, options);
    }
  } as typeof Worker;
}

type Answers = { hold: boolean; held(): number; release(): void };
const answers = {
  hold: (page: Page, on: boolean) => page.evaluate((value) => ((window as unknown as { __templateAnswers: Answers }).__templateAnswers.hold = value), on),
  held: (page: Page) => page.evaluate(() => (window as unknown as { __templateAnswers: Answers }).__templateAnswers.held()),
  release: (page: Page) => page.evaluate(() => (window as unknown as { __templateAnswers: Answers }).__templateAnswers.release()),
};

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function exportLabels(page: Page): Promise<{ input_ids: number[]; labels: number[] }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export labels' }).click();
  return JSON.parse(await readDownload(await downloading)) as { input_ids: number[]; labels: number[] };
}

/** Types `text` at the end of the Message 1 field, key by key, as a person does. */
async function typeAtEndOfMessage1(parley: ParleyPage, text: string): Promise<void> {
  const field = parley.field('Message 1 content');
  await field.click();
  await parley.page.keyboard.press('ControlOrMeta+End');
  await parley.page.keyboard.type(text);
}

test.describe(goldenAvailable ? 'the Qwen2.5 template' : `the Qwen2.5 template (skipped: ${GOLDEN_SKIP_REASON})`, () => {
  test.skip(!goldenAvailable, GOLDEN_SKIP_REASON);

  test('typing into Message 1 of 100 shows the text at once; counts and labels wait for the exact render, which equals the core\'s', async ({ parley, page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(holdTemplateAnswers);
    await parley.goto();
    expect((await parley.load(CONVERSATION)).ok).toBe(true);
    const template = goldenCase(QWEN25).chat_template;
    await parley.setFormat('jinja', { template });
    await expect.poll(() => parley.previewText()).toContain('Message number 1 of the conversation.');

    // The worker's answers held back: the typed text is in the Text view all the same.
    await answers.hold(page, true);
    await typeAtEndOfMessage1(parley, ' Typed now.');
    await expect(parley.field('Message 1 content')).toHaveValue('Message number 1 of the conversation. Typed now.');
    await expect.poll(() => parley.previewText()).toContain('Message number 1 of the conversation. Typed now.<|im_end|>');
    expect(await answers.held(page)).toBeGreaterThan(0);

    await answers.hold(page, false);
    await answers.release(page);
    await page.evaluate(() => window.__parley.rendered());
    const { record: typed, formatOptions } = await parley.state();
    const exact = renderJinja(typed as ParleyRecord, formatOptions);
    await expect.poll(() => page.evaluate(() => window.__parley.renderedText())).toBe(exact.text);
    await expect.poll(() => page.evaluate(() => window.__parley.previewTrainable())).toEqual(trainableRuns(exact.spans));

    // The Token view: counts of the exact render; with answers held, typing leaves them on the last exact render.
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await expect(page.getByTestId('token-count')).toHaveText(/^[\d,]+ tokens$/, { timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => window.__parley.tokenCounts()?.text)).toBe(exact.text);
    await answers.hold(page, true);
    await typeAtEndOfMessage1(parley, ' More.');
    await expect(parley.field('Message 1 content')).toHaveValue('Message number 1 of the conversation. Typed now. More.');
    // The render of the typed text is there (provisional), but it is not what the Token view counts.
    await expect.poll(() => page.evaluate(() => window.__parley.renderedText())).toContain('Typed now. More.<|im_end|>');
    expect(await answers.held(page)).toBeGreaterThan(0);
    // Give a tokenization of the provisional render every chance to come (the token worker answers in tens of ms).
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.__parley.tokenCounts()?.text)).toBe(exact.text);

    await answers.hold(page, false);
    await answers.release(page);
    await page.evaluate(() => window.__parley.rendered());
    const final = (await parley.state()).record as ParleyRecord;
    const finalExact = renderJinja(final, formatOptions);
    await expect.poll(() => page.evaluate(() => window.__parley.tokenCounts()?.text), { timeout: 30_000 }).toBe(finalExact.text);
    const afterTyping = await exportLabels(page);

    // A fresh render and tokenization of the same record (the page opened again on its saved session): the same labels.
    await page.evaluate(() => window.__parley.saveNow());
    await page.reload();
    await parley.waitReady();
    await page.evaluate(() => window.__parley.rendered());
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await expect.poll(() => page.evaluate(() => window.__parley.tokenCounts()?.text), { timeout: 60_000 }).toBe(finalExact.text);
    expect(await exportLabels(page)).toEqual(afterTyping);
    // And the Text view's final text and shading are the core's.
    await page.getByRole('tab', { name: 'Text', exact: true }).click();
    await expect.poll(() => parley.previewText()).toBe(finalExact.text.replace(/\u00a0/g, ' '));
    expect(await page.evaluate(() => window.__parley.previewTrainable())).toEqual(trainableRuns(finalExact.spans));
  });
});
