/**
 * The render cut into its tokens: alternating shades mark the boundaries, trained tokens are
 * coloured (the mask), hover says a token's index, id and text, a click focuses the field that
 * wrote it (as Ctrl/⌘+click in the Text view). Built with the DOM directly, not React, and only
 * near the screen (see `build`).
 */
import { useEffect, useRef, useState } from 'react';
import { SpanIndex } from '../span-index.ts';
import { useAppStore } from '../../store/index.ts';
import { tokenRuns, type TokenRun } from '../../tokens/token-runs.ts';
import { tokenStore, type Tokenized } from '../../tokens/token-store.ts';
import './token-view.css';

/** Tokens per block: a block is plain text until it comes near the screen, then one element per token. */
const BLOCK = 1_000;

interface Block {
  element: HTMLElement;
  runs: TokenRun[];
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
}

/**
 * The text in blocks of plain text, each filled with its tokens when it comes within a screen of
 * the viewport: 2,000 messages are ~190,000 tokens, and building and laying out an element for
 * each would hold the main thread (and typing) for most of a second. Returns the disconnect.
 */
function build(container: HTMLElement, tokenized: Tokenized): () => void {
  const runs = tokenRuns(tokenized.text.length, tokenized.result);
  const blocks = new Map<Element, Block>();
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < runs.length; i += BLOCK) {
    const part = runs.slice(i, i + BLOCK);
    const element = document.createElement('span');
    element.className = 'parley-tok-block';
    element.textContent = tokenized.text.slice(part[0]?.start ?? 0, part[part.length - 1]?.end ?? 0);
    blocks.set(element, { element, runs: part });
    fragment.append(element);
  }
  container.replaceChildren(fragment);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const block = blocks.get(entry.target);
        if (!entry.isIntersecting || !block) continue;
        fill(block, tokenized);
        observer.unobserve(entry.target);
      }
    },
    { root: container, rootMargin: '100% 0px' },
  );
  for (const element of blocks.keys()) observer.observe(element);
  return () => observer.disconnect();
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
  useEffect(() => (container.current && tokenized ? build(container.current, tokenized) : undefined), [tokenized]);
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
