/**
 * The Token view's text in the page, kept up to date answer by answer (TokenText.tsx owns one).
 * The text is cut into blocks (tokens/token-blocks.ts), each plain text until it comes within a
 * screen of the viewport, then filled with one element per token: 2,000 messages are ~190,000
 * tokens, and an element for each would hold the main thread (and typing) for most of a second.
 *
 * Nothing on a token's element depends on tokens before its line, so that a keystroke touches
 * only what it changed: a token's number is not written on it (it is its block's `data-first`
 * plus its place among the block's token elements: `tokenNumberOf`), and its shade is even/odd of
 * its place in its line (`linePlaces`). Writing every shown token's number and re-shading every
 * token after the edit cost a keystroke that changed the token count ~1–3 ms of script and ~1.3 ms
 * of style recalculation at 100 messages (issue 23 item 6).
 *
 * On a new answer only what changed is touched:
 * - blocks at the start and end whose text is unchanged keep their elements (the text is not laid
 *   out again; only their `data-first` is set); the blocks between are replaced, except one block
 *   being typed in, near the screen: it keeps the elements of its tokens before and after the edit
 *   and builds only those between (the kept ones after the edit on the edit's line are re-shaded
 *   when their place moved by an odd number);
 * - a kept block filled with tokens keeps its token elements when its tokens are the same (same
 *   ids at the same places): only the mask that changed is set on them. Far from the screen it is
 *   only marked stale, and brought up to date when it comes near again (an observer that lives as
 *   long as the view).
 * The blocks themselves are found from the answer's typed arrays, without an object per token.
 */
import { keptEnds, keptTokens, sameTokens, tokenBlocks, type BlockRange } from '../../tokens/token-blocks.ts';
import type { TokenResult } from '../../tokens/protocol.ts';
import { linePlaces, tokenRuns, type TokenRun } from '../../tokens/token-runs.ts';
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
 * The classes of the token at `place` in its line (0 for a line's first token): its shade
 * (even/odd of that place), trained, and the marker of a token covering no character. Neighbours
 * on a line always differ; a keystroke that adds a token flips only the shades after it on the
 * same line (a chat message's text is mostly one line, its turn's end the next).
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

/** The element of a token's run (`run.token` ≥ 0), at `place` in its line. */
function tokenElement(text: string, result: TokenResult, run: TokenRun, place: number): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text.slice(run.start, run.end);
  element.className = tokenClass(place, result.trained[run.token] === 1, run.start === run.end);
  return element;
}

/**
 * The number of the token whose element is `target` (hovered, clicked), or undefined when it is
 * not a token's: its block's first token's number plus its place among the block's token elements
 * (a filled block holds one element per token, in order; the gaps are text).
 */
export function tokenNumberOf(target: EventTarget | null): number | undefined {
  if (!(target instanceof HTMLElement) || !target.classList.contains('parley-tok')) return undefined;
  const block = target.parentElement;
  const first = block?.dataset.first;
  if (!block || first === undefined) return undefined;
  return Number(first) + Array.prototype.indexOf.call(block.children, target);
}

/**
 * Sets a filled block's `data-first` when its first token's number moved (a plain or stale block
 * gets it when it is filled: at 2,000 messages most blocks are far from the screen).
 */
function moveFirst(block: Block, range: BlockRange): void {
  if (range.first !== block.range.first) block.element.dataset.first = String(range.first);
}

/** One token element per run of `block` in `tokenized`. */
function fill(block: Block, tokenized: Tokenized): void {
  const { text, result } = tokenized;
  const runs = tokenRuns(text.length, result, block.range);
  const places = linePlaces(text, runs);
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as TokenRun;
    if (run.token < 0) fragment.append(text.slice(run.start, run.end));
    else fragment.append(tokenElement(text, result, run, places[i] ?? 0));
  }
  block.element.replaceChildren(fragment);
  block.element.dataset.first = String(block.range.first);
  block.filled = true;
  block.stale = false;
}

/**
 * A kept token element, token `a` of `before` at `wasPlace` in its line, now token `b` of `after`
 * at `isPlace`: its classes set again only when its shade or mask changed (its run, and so its
 * characters and empty marker, are the same).
 */
function restyle(element: HTMLElement, a: number, wasPlace: number, before: TokenResult, b: number, isPlace: number, after: TokenResult): void {
  const trained = after.trained[b] === 1;
  if ((isPlace - wasPlace) % 2 !== 0 || trained !== (before.trained[a] === 1)) element.className = tokenClass(isPlace, trained, element.classList.contains('parley-tok-empty'));
}

/**
 * A filled block whose tokens are the same in `after` as in `before`: its token elements get the
 * mask of `after` where it differs (the same tokens at the same places of the same text: their
 * places in their lines, and so their shades, are the same). False when its tokens changed (or its
 * elements are not one per token): the caller fills it again.
 */
function patch(block: Block, before: TokenResult, was: BlockRange, after: TokenResult): boolean {
  const is = block.range;
  if (!sameTokens(before, was, after, is)) return false;
  const tokens = block.element.children;
  if (tokens.length !== is.end - is.first) return false;
  for (let k = 0; k < tokens.length; k++) {
    const trained = after.trained[is.first + k] === 1;
    if (trained !== (before.trained[was.first + k] === 1)) (tokens[k] as HTMLElement).classList.toggle('parley-tok-trained', trained);
  }
  return true;
}

/**
 * The block being typed in, shown with its tokens near the screen, now `range` of `tokenized` with
 * the text `text`: only the tokens the edit changed get new elements (keptTokens); the ones before
 * and after keep theirs, re-shaded where their place in the line moved (after the edit, on its
 * line). Building all of the block's token elements again, then styling and laying them out, was
 * most of what a keystroke cost the page after the answer. False (nothing touched) when it
 * cannot: the caller builds a new block.
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
  // One run per token here (checked above): a run's index is its token's place in the block.
  const wasPlaces = linePlaces(shown.text, wasRuns);
  const isPlaces = linePlaces(tokenized.text, isRuns);
  const firstKeptAfter = tokens[tokens.length - suffix] ?? null;
  for (let k = tokens.length - suffix - 1; k >= prefix; k--) (tokens[k] as HTMLElement).remove();
  const fragment = document.createDocumentFragment();
  for (let k = prefix; k < isRuns.length - suffix; k++) fragment.append(tokenElement(tokenized.text, after, isRuns[k] as TokenRun, isPlaces[k] ?? 0));
  block.element.insertBefore(fragment, firstKeptAfter);
  for (let k = 0; k < prefix; k++) restyle(tokens[k] as HTMLElement, was.first + k, wasPlaces[k] ?? 0, before, range.first + k, isPlaces[k] ?? 0, after);
  const was0 = wasRuns.length - suffix;
  const is0 = isRuns.length - suffix;
  for (let j = 0; j < suffix; j++) restyle(tokens[is0 + j] as HTMLElement, was.first + was0 + j, wasPlaces[was0 + j] ?? 0, before, range.first + is0 + j, isPlaces[is0 + j] ?? 0, after);
  moveFirst(block, range);
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
    if (!block.filled || block.stale) {
      block.range = range;
      return;
    }
    if (!block.near) {
      block.range = range;
      block.stale = true;
      return;
    }
    moveFirst(block, range);
    block.range = range;
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
