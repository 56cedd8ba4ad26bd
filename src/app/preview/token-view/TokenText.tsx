/**
 * The render cut into its tokens: alternating shades mark the boundaries, trained tokens are
 * coloured (the mask), hover says a token's index, id and text, a click focuses the field that
 * wrote it (as Ctrl/⌘+click in the Text view). Built with the DOM directly, not React, and only
 * near the screen (see `build`).
 */
import { useEffect, useRef, useState } from 'react';
import { SpanIndex } from '../span-index.ts';
import { useAppStore } from '../../store/index.ts';
import { blockRanges, keptEnds } from '../../tokens/token-blocks.ts';
import { tokenRuns, type TokenRun } from '../../tokens/token-runs.ts';
import { tokenStore, type Tokenized } from '../../tokens/token-store.ts';
import './token-view.css';

interface Block {
  element: HTMLElement;
  text: string;
  runs: TokenRun[];
  /** Holds one element per token (it came near the screen). */
  filled: boolean;
}

/** One token element per run of `block` (called when the block nears the viewport). */
function fill(block: Block, tokenized: Tokenized): void {
  const { text, result } = tokenized;
  const fragment = document.createDocumentFragment();
  for (const run of block.runs) {
    const slice = text.slice(run.start, run.end);
    if (run.token < 0) {
      fragment.append(slice);
      continue;
    }
    const element = document.createElement('span');
    element.textContent = slice;
    element.dataset.t = String(run.token);
    element.className = `parley-tok ${run.token % 2 === 0 ? 'parley-tok-even' : 'parley-tok-odd'}${result.trained[run.token] === 1 ? ' parley-tok-trained' : ''}${run.start === run.end ? ' parley-tok-empty' : ''}`;
    fragment.append(element);
  }
  block.element.replaceChildren(fragment);
  block.filled = true;
}

/**
 * The text in blocks of plain text (tokens/token-blocks.ts), each filled with its tokens when it
 * comes within a screen of the viewport: 2,000 messages are ~190,000 tokens, and building and
 * laying out an element for each would hold the main thread (and typing) for most of a second.
 * The blocks at the start and end whose text is unchanged since `shown` keep their elements (a
 * filled one is filled again: its token numbers, shades or mask may have changed); only the
 * blocks between are replaced, so a keystroke does not lay out the whole text again.
 * Returns the blocks now shown and the disconnect.
 */
function plainBlock(text: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'parley-tok-block';
  element.textContent = text;
  return element;
}

function build(container: HTMLElement, tokenized: Tokenized, shown: Block[]): { blocks: Block[]; disconnect: () => void } {
  const runs = tokenRuns(tokenized.text.length, tokenized.result);
  const ranges = blockRanges(runs, tokenized.result.message).map(([from, to]) => {
    const part = runs.slice(from, to);
    return { text: tokenized.text.slice(part[0]?.start ?? 0, part[part.length - 1]?.end ?? 0), runs: part };
  });
  // Only when the container still holds what `shown` describes (a first build, or a view re-mounted, starts afresh).
  const previous = shown.length > 0 && shown.every((block) => block.element.parentNode === container) && container.childNodes.length === shown.length ? shown : [];
  const { prefix, suffix } = keptEnds(
    previous.map((block) => block.text),
    ranges.map((range) => range.text),
  );
  const blocks: Block[] = ranges.map((range, i) => {
    // The unchanged blocks at either end keep their elements; those between are new, plain text.
    const old = i < prefix ? previous[i] : i >= ranges.length - suffix ? previous[previous.length - (ranges.length - i)] : undefined;
    const block: Block = { ...range, element: old?.element ?? plainBlock(range.text), filled: false };
    // A kept block that was shaded is shaded again (its token numbers, shades or mask may have
    // changed); a new block in the place of one shown with its tokens gets them in this frame (not
    // plain first, shaded a frame later): at most as many as were filled, however many changed.
    const shaded = old ? old.filled : i < previous.length - suffix && previous[i]?.filled === true;
    if (shaded) fill(block, tokenized);
    return block;
  });
  if (previous.length === 0) container.replaceChildren(...blocks.map((block) => block.element));
  else {
    for (const old of previous.slice(prefix, previous.length - suffix)) old.element.remove();
    const before = previous[previous.length - suffix]?.element ?? null;
    for (const block of blocks.slice(prefix, blocks.length - suffix)) container.insertBefore(block.element, before);
  }
  const byElement = new Map<Element, Block>(blocks.map((block) => [block.element, block]));
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const block = byElement.get(entry.target);
        if (!entry.isIntersecting || !block) continue;
        fill(block, tokenized);
        observer.unobserve(entry.target);
      }
    },
    { root: container, rootMargin: '100% 0px' },
  );
  for (const block of blocks) if (!block.filled) observer.observe(block.element);
  return { blocks, disconnect: () => observer.disconnect() };
}

function describeToken(tokenized: Tokenized, index: number): string {
  const { result, text } = tokenized;
  const slice = text.slice(result.starts[index] ?? 0, result.ends[index] ?? 0);
  return `Token ${index}: id ${result.ids[index] ?? '?'} ${JSON.stringify(slice)}${result.trained[index] === 1 ? ', trained' : ', not trained'}`;
}

export function TokenText() {
  const container = useRef<HTMLDivElement>(null);
  const tokenized = tokenStore((state) => state.tokenized);
  const [hovered, setHovered] = useState<string>('');
  const shown = useRef<Block[]>([]);
  useEffect(() => {
    if (!container.current || !tokenized) return undefined;
    const built = build(container.current, tokenized, shown.current);
    shown.current = built.blocks;
    return built.disconnect;
  }, [tokenized]);
  const tokenAt = (target: EventTarget): number | undefined => {
    const t = target instanceof HTMLElement ? target.dataset.t : undefined;
    return t === undefined ? undefined : Number(t);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={container}
        data-testid="token-text"
        className="parley-tok-text min-h-0 flex-1 overflow-auto p-3"
        onMouseOver={(event) => {
          const index = tokenAt(event.target);
          if (index === undefined || !tokenized) return;
          const said = describeToken(tokenized, index);
          (event.target as HTMLElement).title = said;
          setHovered(said);
        }}
        onClick={(event) => {
          const index = tokenAt(event.target);
          if (index === undefined || !tokenized) return;
          const span = new SpanIndex(tokenized.spans).spanAt(tokenized.result.starts[index] ?? 0);
          if (span && span.path.length > 0) useAppStore.getState().reveal(span.path);
        }}
      />
      <div aria-live="polite" data-testid="token-hover" className="shrink-0 border-t border-slate-200 px-3 py-1 font-mono text-xs text-slate-700 empty:hidden dark:border-slate-800 dark:text-slate-300">
        {hovered}
      </div>
    </div>
  );
}
