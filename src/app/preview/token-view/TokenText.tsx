/**
 * The render cut into its tokens: alternating shades mark the boundaries, trained tokens are
 * coloured (the mask), hover says a token's index, id and text, a click focuses the field that
 * wrote it (as Ctrl/⌘+click in the Text view). Built with the DOM directly, not React, and only
 * near the screen, patched answer by answer (token-blocks-view.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { SpanIndex } from '../span-index.ts';
import { useAppStore } from '../../store/index.ts';
import { tokenStore, type Tokenized } from '../../tokens/token-store.ts';
import { TokenBlocksView, tokenNumberOf } from './token-blocks-view.ts';
import './token-view.css';

function describeToken(tokenized: Tokenized, index: number): string {
  const { result, text } = tokenized;
  const slice = text.slice(result.starts[index] ?? 0, result.ends[index] ?? 0);
  return `Token ${index}: id ${result.ids[index] ?? '?'} ${JSON.stringify(slice)}${result.trained[index] === 1 ? ', trained' : ', not trained'}`;
}

export function TokenText() {
  const container = useRef<HTMLDivElement>(null);
  const tokenized = tokenStore((state) => state.tokenized);
  const [hovered, setHovered] = useState<string>('');
  const view = useRef<TokenBlocksView | undefined>(undefined);
  useEffect(() => {
    if (!container.current) return undefined;
    const made = new TokenBlocksView(container.current);
    view.current = made;
    return () => {
      made.dispose();
      view.current = undefined;
    };
  }, []);
  useEffect(() => {
    if (tokenized) view.current?.show(tokenized);
  }, [tokenized]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={container}
        data-testid="token-text"
        className="parley-tok-text min-h-0 flex-1 overflow-auto p-3"
        onMouseOver={(event) => {
          const index = tokenNumberOf(event.target);
          if (index === undefined || !tokenized) return;
          const said = describeToken(tokenized, index);
          (event.target as HTMLElement).title = said;
          setHovered(said);
        }}
        onClick={(event) => {
          const index = tokenNumberOf(event.target);
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
