/**
 * The editor of a long text field (over LONG_TEXT_CHARS characters): a textarea that holds one
 * part of the text, with buttons to move between parts; typing in it is spliced into the full
 * value (text-pages.ts says why). The textarea carries the part's first offset as
 * `data-text-offset`, so that the field registry maps selections and reveals to the full value;
 * a reveal outside the part arrives as SHOW_TEXT_EVENT and moves to the part that holds it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { pageAt, pageHolding, previousPageStart, SHOW_TEXT_EVENT, spliceTyped, type ShowTextDetail, type TextPage } from './text-pages.ts';
import { buttonClass } from './styles.ts';
import { useOwnRef } from './use-own-ref.ts';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (value: string) => void;
  ref?: (element: HTMLElement | null) => (() => void) | undefined;
};

const NUMBER = new Intl.NumberFormat('en-US');

export function WindowedTextarea({ value, onValueChange, ref, className = '', ...rest }: Props) {
  const [shown, setShown] = useState<{ value: string; page: TextPage }>(() => ({ value, page: pageAt(value, 0) }));
  /** A selection to place once the part that holds it is shown (a reveal). */
  const pendingSelection = useRef<ShowTextDetail | undefined>(undefined);
  let page = shown.page;
  if (shown.value !== value) {
    // Changed elsewhere (undo, the preview, a fix): the same place, cut anew from the new value.
    page = pageAt(value, page.start);
    setShown({ value, page });
  }
  const label = rest['aria-label'] ?? 'the field';
  const [element, setRef] = useOwnRef<HTMLTextAreaElement>(ref);

  useEffect(() => {
    const textarea = element.current;
    if (!textarea) return;
    const onShow = (event: Event) => {
      const { start, end } = (event as CustomEvent<ShowTextDetail>).detail;
      pendingSelection.current = { start, end };
      setShown({ value, page: pageHolding(value, start) });
    };
    textarea.addEventListener(SHOW_TEXT_EVENT, onShow);
    return () => textarea.removeEventListener(SHOW_TEXT_EVENT, onShow);
  }, [value]);

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const textarea = element.current;
    if (!selection || !textarea) return;
    pendingSelection.current = undefined;
    const clamp = (at: number) => Math.max(0, Math.min(at - page.start, page.end - page.start));
    textarea.setSelectionRange(clamp(selection.start), clamp(selection.end));
  });

  const show = (next: TextPage) => {
    setShown({ value, page: next });
    element.current?.scrollTo?.({ top: 0 });
  };

  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={`Parts of ${label}`} className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
        <span>
          Long text, edited in parts: characters {NUMBER.format(page.start + 1)}–{NUMBER.format(page.end)} of {NUMBER.format(value.length)}.
        </span>
        <button type="button" className={buttonClass} disabled={page.start === 0} onClick={() => show({ start: previousPageStart(value, page.start), end: page.start })}>
          Previous part
        </button>
        <button type="button" className={buttonClass} disabled={page.end >= value.length} onClick={() => show(pageAt(value, page.end))}>
          Next part
        </button>
      </div>
      <textarea
        // Right-to-left text (Arabic, Hebrew) reads right to left; a caller may still set dir.
        dir="auto"
        {...rest}
        ref={setRef}
        rows={16}
        value={value.slice(page.start, page.end)}
        data-text-offset={page.start}
        spellCheck={rest.spellCheck ?? false}
        onChange={(event) => {
          const next = spliceTyped(value, page, event.target.value);
          setShown(next);
          onValueChange(next.value);
        }}
        className={`resize-y overflow-auto ${className}`}
      />
    </div>
  );
}
