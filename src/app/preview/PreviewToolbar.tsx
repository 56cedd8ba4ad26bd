/**
 * The preview's toolbar: the two view toggles (shade trainable text, show whitespace), Copy and
 * Download of the exact text, and what the text is: its length and how many diagnostics the
 * record has. Copy and Download use the render itself, never the editor's copy of it.
 */
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { diagnosticsState, renderState, useAppStore, useRendered } from '../store/index.ts';
import { countCodePoints } from './display-text.ts';
import { downloadText, renderFileName } from './download.ts';

/** How long "Copied" stays before the status clears. */
const FEEDBACK_MS = 2_000;

const button =
  'inline-flex h-7 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-800 ' +
  'hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ' +
  'aria-pressed:border-sky-600 aria-pressed:bg-sky-50 aria-pressed:text-sky-900 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:aria-pressed:border-sky-400 dark:aria-pressed:bg-sky-950 dark:aria-pressed:text-sky-100';

function Toggle({ name, pressed, onToggle }: { name: string; pressed: boolean; onToggle: (next: boolean) => void }) {
  return (
    <button type="button" className={button} aria-pressed={pressed} onClick={() => onToggle(!pressed)}>
      <span
        aria-hidden="true"
        className={`inline-flex size-3 items-center justify-center rounded-sm border text-[9px] leading-none ${pressed ? 'border-sky-700 bg-sky-700 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-900' : 'border-slate-400 dark:border-slate-500'}`}
      >
        {pressed ? '✓' : ''}
      </span>
      {name}
    </button>
  );
}

const NUMBER = new Intl.NumberFormat('en-US');

function plural(n: number, word: string): string {
  return `${NUMBER.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

type CopyState = { kind: 'idle' } | { kind: 'copied'; characters: number } | { kind: 'failed'; reason: string };

function useCopy(): [CopyState, () => void] {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    const text = renderState(useAppStore.getState()).text;
    const show = (next: CopyState) => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState({ kind: 'idle' }), FEEDBACK_MS);
    };
    if (!navigator.clipboard) {
      show({ kind: 'failed', reason: 'this page has no clipboard access (it needs https or localhost)' });
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => show({ kind: 'copied', characters: countCodePoints(text) }),
      (error: unknown) => show({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
  };
  return [state, copy];
}

export function PreviewToolbar() {
  const shadeTrainable = useAppStore((state) => state.shadeTrainable);
  const showWhitespace = useAppStore((state) => state.showWhitespace);
  const setToggle = useAppStore((state) => state.setPreviewToggle);
  const diagnostics = useAppStore(diagnosticsState);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  // Counting a 1 MB text can wait for a quiet moment; the preview itself updates first.
  const text = useDeferredValue(useRendered().text);
  const [copyState, copy] = useCopy();

  const status =
    copyState.kind === 'copied' ? `Copied ${plural(copyState.characters, 'character')}.` : copyState.kind === 'failed' ? `Copy failed: ${copyState.reason}.` : '';

  return (
    <div role="toolbar" aria-label="Preview tools" className="relative flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      <Toggle name="Shade trainable" pressed={shadeTrainable} onToggle={(next) => setToggle('shadeTrainable', next)} />
      <Toggle name="Show whitespace" pressed={showWhitespace} onToggle={(next) => setToggle('showWhitespace', next)} />
      <button type="button" className={button} onClick={copy}>
        Copy
      </button>
      <button
        type="button"
        className={button}
        onClick={() => {
          const state = useAppStore.getState();
          downloadText(renderState(state).text, renderFileName(state.formatId));
        }}
      >
        Download
      </button>
      {/* Floats over the editor's top edge so that feedback never reflows the toolbar. */}
      <span
        role="status"
        className={`pointer-events-none absolute top-full left-3 z-10 mt-1 rounded px-2 py-0.5 text-xs shadow-sm empty:hidden ${
          copyState.kind === 'failed' ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900'
        }`}
      >
        {status}
      </span>
      <span className="ml-auto flex items-center gap-3 text-xs text-slate-700 tabular-nums dark:text-slate-300">
        <span>{plural(countCodePoints(text), 'character')}</span>
        <span className={errors > 0 ? 'text-red-700 dark:text-red-300' : undefined}>
          {plural(diagnostics.length, 'diagnostic')}
        </span>
      </span>
    </div>
  );
}
