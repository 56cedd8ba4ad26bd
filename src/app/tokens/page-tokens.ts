/**
 * The Token view's second copy of its tokenizer, on the page itself, so that a keystroke's counts
 * and shading are painted in the keystroke's own frame. An answer from the token worker always
 * comes a frame late: after a key, Chromium runs the page's other tasks (a worker's message
 * included) only after the next frame (DeferRendererTasksAfterInput; docs/tokens.md, "Speed").
 *
 * Loaded once the worker has answered with a tokenizer that encodes piece by piece (the worker
 * checked its pieces against a whole encode: `TokenResult.segmented`), in idle time, from the
 * same files (a shipped tokenizer's same-origin URLs, from the browser's cache; the person's
 * `File`s read again; never a model id: that would be a second request to the hub). Its pieces
 * are then encoded in idle time too (`warm`), so that a keystroke finds all but the piece it
 * changed. A change with more new characters than `PAGE_NEW_CHARACTERS` (a paste, a new record,
 * another format) is the worker's (the page then encodes the new text's pieces in idle time), as
 * is everything until the copy is loaded. Under a Jinja template too: a render made on the page
 * (app/jinja/page-render.ts) is then tokenized in the keystroke, and one from the template worker
 * in the task where it arrives, not a token worker's round trip (and a frame) later.
 */
import { pieceMasker } from '../../core/tokens/piece-mask.ts';
import { cutsAtAddedTokens, segmentedEncoder } from '../../core/tokens/segmented.ts';
import { loadTokenizer, type Tokenizer } from '../../core/tokens/index.ts';
import type { TokenizerSource, TokenResult } from './protocol.ts';
import { readFiles } from './read-source.ts';
import { tokenStore } from './token-store.ts';
import { addedTokenCuts, tokenAnswerOfPieces, type TokenQuestion } from './token-answer.ts';

/**
 * New characters a keystroke may encode on the page (those in pieces not encoded before: the
 * message typed in, with its role line). This many characters of distinct words encode in 3–6 ms
 * (Qwen3, gpt-oss; Node, best of 5, load ~10), inside a frame with the rest of a keystroke. A longer change
 * goes to the worker, as do edits inside a message longer than this. Raise it for long messages
 * typed into on a fast machine; lower it if typing slows.
 */
export const PAGE_NEW_CHARACTERS = 4_000;
/**
 * The longest piece encoded in idle time (one piece is one task: it cannot stop half-way). Up to
 * this, a long message is encoded once in idle time and every edit elsewhere stays on the page; a
 * longer piece (a message of a whole document) is left to the worker, and while the text holds
 * one, every change goes to the worker (the piece counts as new). 20,000 characters encode in
 * ~20–40 ms (Node, best of 5, machine loaded): the most an idle task may delay a keystroke. Raise
 * it to keep the page path with longer messages, at the cost of longer idle tasks.
 */
export const PAGE_WARM_PIECE = 20_000;
/**
 * The longest rendered text (characters) whose keystrokes are tokenized on the page. The mask and
 * counts are patched for the changed pieces only (core/tokens/piece-mask.ts), but a page answer
 * still copies every token's place into the answer's arrays, and the view finds its blocks from
 * them: work in proportion to the text, in the keystroke's frame (at 2,000 messages, 1,045 KB and
 * 188,000 tokens, the whole page tokenization took 5.8–7.6 ms p50 at load ~20: BENCHMARKS.md).
 * Twice that render, past which the worker answers
 * (a frame late, but the keystroke's own frame stays short). Raise it if a longer render's
 * keystroke still paints within a frame (npm run bench:tokens-ui); lower it if typing slows.
 */
export const PAGE_MAX_TEXT = 2_000_000;
/** Idle time left (ms) below which warming stops for this idle period: a keystroke may be due. */
const IDLE_MARGIN_MS = 2;
/** Where there is no requestIdleCallback (Safari): warm in slices of this many ms, this far apart. */
const FALLBACK_SLICE_MS = 8;
const FALLBACK_GAP_MS = 50;

type PageState =
  | { state: 'none' }
  /** Reading and parsing the files for the load `load`. */
  | { state: 'loading'; load: number }
  /** `warmed`: every piece of the text last asked for is encoded (as far as the page encodes them). */
  | { state: 'ready'; load: number; tokenizer: Tokenizer; encoder: ReturnType<typeof segmentedEncoder>; masker: ReturnType<typeof pieceMasker>; loadMs: number; warmed: boolean }
  /** The files did not load on the page or do not encode piece by piece here: the worker does it all. */
  | { state: 'off'; load: number; why: string };

let page: PageState = { state: 'none' };
/** `page`, changed and said in the token store (the test API and the benchmark read it there). */
function setPage(next: PageState): void {
  page = next;
  tokenStore.setState({ page: pageTokensState() });
}
/** What to warm next: the current question, asked of the caller when the idle time comes. */
let warmSource: (() => TokenQuestion | undefined) | undefined;
let warmScheduled = false;

function idle(run: (more: () => boolean) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback((deadline) => run(() => deadline.timeRemaining() > IDLE_MARGIN_MS));
  else
    setTimeout(() => {
      const until = performance.now() + FALLBACK_SLICE_MS;
      run(() => performance.now() < until);
    }, FALLBACK_GAP_MS);
}

/** Forget the page's copy (a new tokenizer is being loaded, or the worker stopped). */
export function dropPageTokens(): void {
  setPage({ state: 'none' });
}

function pageTokensState(): { state: PageState['state']; loadMs?: number; why?: string; warmed?: boolean } {
  if (page.state === 'ready') return { state: 'ready', loadMs: page.loadMs, warmed: page.warmed };
  if (page.state === 'off') return { state: 'off', why: page.why };
  return { state: page.state };
}

/**
 * Load the page's copy of the tokenizer of load `load` from `source` (once per load; in idle
 * time). `current` gives the question to warm the pieces for, when asked.
 */
export function preparePageTokens(source: TokenizerSource, load: number, current: () => TokenQuestion | undefined): void {
  if (page.state !== 'none' && page.load === load) return;
  warmSource = current;
  if (source.kind === 'hub') {
    setPage({ state: 'off', load, why: 'a model id is not fetched twice' });
    return;
  }
  setPage({ state: 'loading', load });
  idle(() => {
    if (page.state !== 'loading' || page.load !== load) return;
    const began = performance.now();
    readFiles(source)
      .then(({ files, name }) => {
        if (page.state !== 'loading' || page.load !== load) return;
        const tokenizer = loadTokenizer(files, name);
        if (!cutsAtAddedTokens(files, tokenizer)) {
          setPage({ state: 'off', load, why: 'this tokenizer does not encode piece by piece' });
          return;
        }
        setPage({ state: 'ready', load, tokenizer, encoder: segmentedEncoder(tokenizer), masker: pieceMasker(), loadMs: performance.now() - began, warmed: false });
        warmSoon();
      })
      .catch((error: unknown) => {
        // The worker loaded these files: failing here only leaves the tokenizing to it.
        if (page.state === 'loading' && page.load === load) setPage({ state: 'off', load, why: error instanceof Error ? error.message : String(error) });
      });
  });
}

/** Encode the current text's pieces in idle time, a few at a time, until all are encoded. */
export function warmSoon(): void {
  if (warmScheduled || page.state !== 'ready') return;
  warmScheduled = true;
  idle((more) => {
    warmScheduled = false;
    if (page.state !== 'ready') return;
    const question = warmSource?.();
    if (!question) return;
    const done = page.encoder.warm(question.text, addedTokenCuts(page.tokenizer, question.text, question.spans), PAGE_WARM_PIECE, more);
    if (!done) warmSoon();
    else if (!page.warmed) setPage({ ...page, warmed: true });
  });
}

/**
 * The answer for `question`, made here and now, when the page's copy of load `load` is ready and
 * at most `PAGE_NEW_CHARACTERS` characters need encoding in a text of at most `PAGE_MAX_TEXT`;
 * undefined when the worker must answer.
 */
export function tokenizeOnPage(question: TokenQuestion, load: number): TokenResult | undefined {
  if (page.state !== 'ready' || page.load !== load || question.text.length > PAGE_MAX_TEXT) return undefined;
  const began = performance.now();
  const pieces = page.encoder.piecesWithin(question.text, addedTokenCuts(page.tokenizer, question.text, question.spans), PAGE_NEW_CHARACTERS);
  if (!pieces) {
    // The worker answers this one; the pieces of the new text are encoded here meanwhile.
    if (page.warmed) setPage({ ...page, warmed: false });
    warmSoon();
    return undefined;
  }
  return tokenAnswerOfPieces(question, pieces, page.masker, began);
}
