/**
 * The Token view's text in the page, kept up to date answer by answer (TokenText.tsx owns one).
 * The text is cut into blocks (tokens/token-blocks.ts), each plain text until it comes within a
 * screen of the viewport, then filled with one element per token: 2,000 messages are ~190,000
 * tokens, and an element for each would hold the main thread (and typing) for most of a second.
 *
 * On a new answer only what changed is touched:
 * - blocks at the start and end whose text is unchanged keep their elements (the text is not laid
 *   out again); the blocks between are replaced;
 * - a kept block filled with tokens keeps its token elements when its tokens are the same (same
 *   ids at the same places): only the numbers (`data-t`), shades (even/odd of the number) and mask
 *   that changed are set on them. Far from the screen it is only marked stale, and brought up to
 *   date when it comes near again (an observer that lives as long as the view).
 * The blocks themselves are found from the answer's typed arrays, without an object per token.
 */
import { keptEnds, sameTokens, tokenBlocks, type BlockRange } from '../../tokens/token-blocks.ts';
import type { TokenResult } from '../../tokens/protocol.ts';
import { tokenRuns } from '../../tokens/token-runs.ts';
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

/** The classes of token `index`: its shade (even/odd), trained, and the marker of a token covering no character. */
function tokenClass(index: number, trained: boolean, empty: boolean): string {
  return `parley-tok ${index % 2 === 0 ? 'parley-tok-even' : 'parley-tok-odd'}${trained ? ' parley-tok-trained' : ''}${empty ? ' parley-tok-empty' : ''}`;
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

/** One token element per run of `block` in `tokenized`. */
function fill(block: Block, tokenized: Tokenized): void {
  const { text, result } = tokenized;
  const fragment = document.createDocumentFragment();
  for (const run of tokenRuns(text.length, result, block.range)) {
    const slice = text.slice(run.start, run.end);
    if (run.token < 0) {
      fragment.append(slice);
      continue;
    }
    const element = document.createElement('span');
    element.textContent = slice;
    element.dataset.t = String(run.token);
    element.className = tokenClass(run.token, result.trained[run.token] === 1, run.start === run.end);
    fragment.append(element);
  }
  block.element.replaceChildren(fragment);
  block.filled = true;
  block.stale = false;
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
  const shift = is.first - was.first;
  for (let k = 0; k < tokens.length; k++) {
    const a = was.first + k;
    const b = is.first + k;
    const trained = after.trained[b] === 1;
    // An even shift keeps every shade; only the numbers move (no style is recomputed for them).
    if (shift % 2 !== 0 || trained !== (before.trained[a] === 1)) {
      (tokens[k] as HTMLElement).className = tokenClass(b, trained, after.starts[b] === after.ends[b]);
    }
    if (shift !== 0) (tokens[k] as HTMLElement).dataset.t = String(b);
  }
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
    const blocks: Block[] = ranges.map((range, i) => {
      const old = i < prefix ? previous[i] : i >= ranges.length - suffix ? previous[previous.length - (ranges.length - i)] : undefined;
      if (old) {
        this.keep(old, range, before, tokenized);
        return old;
      }
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
      for (const old of previous.slice(prefix, previous.length - suffix)) {
        this.observer.unobserve(old.element);
        this.byElement.delete(old.element);
        old.element.remove();
      }
      const next = previous[previous.length - suffix]?.element ?? null;
      for (const block of blocks.slice(prefix, blocks.length - suffix)) this.container.insertBefore(block.element, next);
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
