/**
 * A textarea that grows with its content and never shows an inner scrollbar. Browsers with CSS
 * `field-sizing: content` size it themselves; elsewhere its height follows `scrollHeight`.
 * A long text (over LONG_TEXT_CHARS) is edited in parts instead: WindowedTextarea.tsx.
 */
import { useLayoutEffect, useRef, type FocusEvent, type TextareaHTMLAttributes } from 'react';
import { isLongText } from './text-pages.ts';
import { useOwnRef } from './use-own-ref.ts';
import { WindowedTextarea } from './WindowedTextarea.tsx';

const supportsFieldSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (value: string) => void;
  ref?: (element: HTMLElement | null) => (() => void) | undefined;
};

export function AutoTextarea({ ref, onFocus, onBlur, ...props }: Props) {
  const long = isLongText(props.value);
  const focused = useRef(false);
  const [element, setRef] = useOwnRef<HTMLElement>(ref);
  // A paste or a deletion across LONG_TEXT_CHARS swaps the textarea for the other kind: the
  // new one takes the focus the old one had (its removal moved it to the page).
  const shownLong = useRef(long);
  useLayoutEffect(() => {
    if (shownLong.current === long) return;
    shownLong.current = long;
    if (focused.current) element.current?.focus({ preventScroll: true });
  }, [long]);
  const shared = {
    ...props,
    ref: setRef,
    onFocus: (event: FocusEvent<HTMLTextAreaElement>) => {
      focused.current = true;
      onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLTextAreaElement>) => {
      // A textarea being removed may report a blur: only a blur of one that stays counts.
      if (event.currentTarget.isConnected) focused.current = false;
      onBlur?.(event);
    },
  };
  return long ? <WindowedTextarea {...shared} /> : <GrowingTextarea {...shared} />;
}

function GrowingTextarea({ value, onValueChange, ref, className = '', rows = 1, ...rest }: Props) {
  const [own, setRef] = useOwnRef<HTMLTextAreaElement>(ref);
  useLayoutEffect(() => {
    const element = own.current;
    if (supportsFieldSizing || !element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [value]);
  return (
    <textarea
      // Right-to-left text (Arabic, Hebrew) reads right to left; a caller may still set dir.
      dir="auto"
      {...rest}
      ref={setRef}
      rows={rows}
      value={value}
      spellCheck={rest.spellCheck ?? false}
      onChange={(event) => onValueChange(event.target.value)}
      className={`resize-none overflow-hidden [field-sizing:content] ${className}`}
    />
  );
}
