/**
 * The Token view's text in the page, kept up to date answer by answer (TokenText.tsx owns one).
 * The text is cut into blocks (tokens/token-blocks.ts), each plain text until it comes within a
 * screen of the viewport, then filled with one element per token: 2,000 messages are ~190,000
 * tokens, and an element for each would hold the main thread (and typing) for most of a second.
 *
 * On a new answer only what changed is touched:
 * - blocks at the start and end whose text is unchanged keep their elements (the text is not laid
 *   out again); the blocks between are replaced, except one block being typed in, near the screen:
 *   it keeps the elements of its tokens before and after the edit and builds only those between;
 * - a kept block filled with tokens keeps its token elements when its tokens are the same (same
 *   ids at the same places): only the numbers (`data-t`) and mask that changed are set on them (a
 *   token's shade is even/odd of its place in its block, not of its number: see `tokenClass`). Far from the screen it is only marked stale, and brought up to
 *   date when it comes near again (an observer that lives as long as the view).
 * The blocks themselves are found from the answer's typed arrays, without an object per token.
 */
import { keptEnds, keptTokens, sameTokens, tokenBlocks, type BlockRange } from '../../tokens/token-blocks.ts';
import type { TokenResult } from '../../tokens/protocol.ts';
import { tokenRuns, type TokenRun } from '../../tokens/token-runs.ts';
import type { Tokenized } from '../../tokens/token-store.ts';

interface Block {
  element: HTMLElement;
  text: string;
  /** Where it is in the answer it was last brought up to date with (`shown` of the view). */
  range: BlockRange;
  /** Holds one element per token (it came near the screen). */
  filled: boolean;
  /** Filled for an older answer, not brought up to date (it was far from the screen then). */
  stale: boolean;
  /** Within the observer's margin of the viewport, as last reported (a block filled as it was made counts as near). */
  near: boolean;
}

/**
 * The classes of the token at `place` in its block (0 for the block's first token): its shade
 * (even/odd of that place), trained, and the marker of a token covering no character. Shaded by
 * place in the block, not by token number, so that neighbours in a block always differ but a
 * keystroke that adds one token does not flip the shade of every token after it (thousands of
 * elements styled again per keystroke): the kept blocks' shades never change, and in the block
 * typed in only the tokens after the edit flip, when the count changed by an odd number.
 */
function tokenClass(place: number, trained: boolean, empty: boolean): string {
  return `parley-tok ${place % 2 === 0 ? 'parley-tok-even' : 'parley-tok-odd'}${trained ? ' parley-tok-trained' : ''}${empty ? ' parley-tok-empty' : ''}`;
}

/** The view's line height in pixels (token-view.css: 12px × 1.7), for a block's height before it is first shown. */
const LINE_PX = 20.4;

function plainBlock(text: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'parley-tok-block';
  element.textContent = text;
  // Its lines (a block ends with its last line's break), so that the scroll height is about right
  // before the browser has laid it out once (then `auto` keeps the size it had).
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  if (!text.endsWith('\n')) lines++;
  element.style.containIntrinsicSize = `auto ${Math.round(Math.max(1, lines) * LINE_PX)}px`;
  return element;
}

/** The element of a token's run (`run.token` ≥ 0) in the block whose first token is `first`. */
function tokenElement(text: string, result: TokenResult, run: TokenRun, first: number): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text.slice(run.start, run.end);
  element.dataset.t = String(run.token);
  element.className = tokenClass(run.token - first, result.trained[run.token] === 1, run.start === run.end);
  return element;
}

/** One token element per run of `block` in `tokenized`. */
function fill(block: Block, tokenized: Tokenized): void {
  const { text, result } = tokenized;
  const fragment = document.createDocumentFragment();
  for (const run of tokenRuns(text.length, result, block.range)) {
    if (run.token < 0) fragment.append(text.slice(run.start, run.end));
    else fragment.append(tokenElement(text, result, run, block.range.first));
  }
  block.element.replaceChildren(fragment);
  block.filled = true;
  block.stale = false;
}

/**
 * A kept token element, token `a` of `before` (its block's first token `wasFirst`) and now token
 * `b` of `after` (its block's first `isFirst`): its number, shade and mask set where they changed
 * (the same place in its block keeps its shade: only the number is set, and no style is computed
 * again). Its run and so its characters and empty marker are the same.
 */
function renumber(element: HTMLElement, a: number, wasFirst: number, before: TokenResult, b: number, isFirst: number, after: TokenResult): void {
  const trained = after.trained[b] === 1;
  const place = b - isFirst;
  if ((place - (a - wasFirst)) % 2 !== 0 || trained !== (before.trained[a] === 1)) element.className = tokenClass(place, trained, element.classList.contains('parley-tok-empty'));
  if (a !== b) element.dataset.t = String(b);
}

/**
 * A filled block whose tokens are the same in `after` as in `before`: its token elements get the
 * numbers, shades and mask of `after` where they differ. False when its tokens changed (or its
 * elements are not one per token): the caller fills it again.
 */
function patch(block: Block, before: TokenResult, was: BlockRange, after: TokenResult): boolean {
  const is = block.range;
  if (!sameTokens(before, was, after, is)) return false;
  const tokens = block.element.children;
  if (tokens.length !== is.end - is.first) return false;
  for (let k = 0; k < tokens.length; k++) renumber(tokens[k] as HTMLElement, was.first + k, was.first, before, is.first + k, is.first, after);
  return true;
}

/**
 * The block being typed in, shown with its tokens near the screen, now `range` of `tokenized` with
 * the text `text`: only the tokens the edit changed get new elements (keptTokens); the ones before
 * and after keep theirs, renumbered. Building all of the block's ~1,000 token elements again, then
 * styling and laying them out, was most of what a keystroke cost the page after the worker's answer
 * at 100 messages. False (nothing touched) when it cannot: the caller builds a new block.
 */
function retype(block: Block, shown: Tokenized, range: BlockRange, text: string, tokenized: Tokenized): boolean {
  if (!block.filled || block.stale || !block.near) return false;
  const was = block.range;
  const tokens = block.element.children;
  // One element per token and nothing else: no characters outside the tokens (a normaliser's gap).
  if (tokens.length !== was.end - was.first || block.element.childNodes.length !== tokens.length) return false;
  const wasRuns = tokenRuns(shown.text.length, shown.result, was);
  const isRuns = tokenRuns(tokenized.text.length, tokenized.result, range);
  if (wasRuns.length !== tokens.length || isRuns.length !== range.end - range.first) return false;
  const before = shown.result;
  const after = tokenized.result;
  const { prefix, suffix } = keptTokens(block.text, before, wasRuns, was, text, after, isRuns, range);
  const firstKeptAfter = tokens[tokens.length - suffix] ?? null;
  for (let k = tokens.length - suffix - 1; k >= prefix; k--) (tokens[k] as HTMLElement).remove();
  const fragment = document.createDocumentFragment();
  for (let k = prefix; k < isRuns.length - suffix; k++) fragment.append(tokenElement(tokenized.text, after, isRuns[k] as TokenRun, range.first));
  block.element.insertBefore(fragment, firstKeptAfter);
  for (let k = 0; k < prefix; k++) renumber(tokens[k] as HTMLElement, was.first + k, was.first, before, range.first + k, range.first, after);
  for (let j = 1; j <= suffix; j++) renumber(tokens[tokens.length - j] as HTMLElement, was.end - j, was.first, before, range.end - j, range.first, after);
  block.range = range;
  block.text = text;
  return true;
}

export class TokenBlocksView {
  private blocks: Block[] = [];
  private readonly byElement = new Map<Element, Block>();
  private shown: Tokenized | undefined;
  private readonly observer: IntersectionObserver;

  constructor(private readonly container: HTMLElement) {
    this.observer = new IntersectionObserver((entries) => this.observed(entries), { root: container, rootMargin: '100% 0px' });
  }

  private observed(entries: readonly IntersectionObserverEntry[]): void {
    const tokenized = this.shown;
    for (const entry of entries) {
      const block = this.byElement.get(entry.target);
      if (!block) continue;
      block.near = entry.isIntersecting;
      if (block.near && tokenized && (!block.filled || block.stale)) fill(block, tokenized);
    }
  }

  /** Shows `tokenized`, keeping what it can of what is shown (see the file's comment). */
  show(tokenized: Tokenized): void {
    const { text, result } = tokenized;
    const ranges = tokenBlocks(text, result);
    const texts = ranges.map((range) => text.slice(range.start, range.stop));
    // Only when the container still holds what `blocks` describe (a first answer, or a view re-mounted, starts afresh).
    const valid = this.shown !== undefined && this.blocks.every((block) => block.element.parentNode === this.container) && this.container.childNodes.length === this.blocks.length;
    const previous = valid ? this.blocks : [];
    const before = this.shown?.result;
    if (!valid) this.forget();
    const { prefix, suffix } = keptEnds(
      previous.map((block) => block.text),
      texts,
    );
    // One block changed (typing in one message): it keeps the elements of the tokens the edit did not touch.
    const edited = previous.length - suffix - prefix === 1 && ranges.length - suffix - prefix === 1 ? previous[prefix] : undefined;
    const blocks: Block[] = ranges.map((range, i) => {
      const old = i < prefix ? previous[i] : i >= ranges.length - suffix ? previous[previous.length - (ranges.length - i)] : undefined;
      if (old) {
        this.keep(old, range, before, tokenized);
        return old;
      }
      if (edited && this.shown && retype(edited, this.shown, range, texts[i] ?? '', tokenized)) return edited;
      const block: Block = { element: plainBlock(texts[i] ?? ''), text: texts[i] ?? '', range, filled: false, stale: false, near: false };
      // A new block in the place of one shown with its tokens gets them in this frame (not plain
      // first, shaded a frame later): at most as many as were filled, however many changed.
      const inPlaceOf = i < previous.length - suffix ? previous[i] : undefined;
      if (inPlaceOf?.filled === true && inPlaceOf.near) {
        fill(block, tokenized);
        block.near = true;
      }
      return block;
    });
    if (previous.length === 0) this.container.replaceChildren(...blocks.map((block) => block.element));
    else {
      const retyped = edited !== undefined && blocks[prefix] === edited;
      for (const old of previous.slice(prefix, previous.length - suffix)) {
        if (retyped) continue; // still in its place
        this.observer.unobserve(old.element);
        this.byElement.delete(old.element);
        old.element.remove();
      }
      const next = previous[previous.length - suffix]?.element ?? null;
      for (const block of blocks.slice(prefix, blocks.length - suffix)) if (!retyped) this.container.insertBefore(block.element, next);
    }
    for (const block of blocks) {
      if (this.byElement.has(block.element)) continue;
      this.byElement.set(block.element, block);
      this.observer.observe(block.element);
    }
    this.blocks = blocks;
    this.shown = tokenized;
  }

  /** A kept block, now at `range` of `tokenized`: its tokens brought up to date if it is near the screen, else marked stale. */
  private keep(block: Block, range: BlockRange, before: TokenResult | undefined, tokenized: Tokenized): void {
    const was = block.range;
    block.range = range;
    if (!block.filled || block.stale) return;
    if (!block.near) {
      block.stale = true;
      return;
    }
    if (!before || !patch(block, before, was, tokenized.result)) fill(block, tokenized);
  }

  private forget(): void {
    this.observer.disconnect();
    this.byElement.clear();
    this.blocks = [];
  }

  dispose(): void {
    this.forget();
    this.shown = undefined;
  }
}
