/**
 * A textarea that grows with its content and never shows an inner scrollbar. Browsers with CSS
 * `field-sizing: content` size it themselves; elsewhere its height follows `scrollHeight`.
 * A long text (over LONG_TEXT_CHARS) is edited in parts instead: WindowedTextarea.tsx.
 */
import { useCallback, useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { isLongText } from './text-pages.ts';
import { WindowedTextarea } from './WindowedTextarea.tsx';

const supportsFieldSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (value: string) => void;
  ref?: (element: HTMLElement | null) => (() => void) | undefined;
};

export function AutoTextarea(props: Props) {
  return isLongText(props.value) ? <WindowedTextarea {...props} /> : <GrowingTextarea {...props} />;
}

function GrowingTextarea({ value, onValueChange, ref, className = '', rows = 1, ...rest }: Props) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (element: HTMLTextAreaElement | null) => {
      own.current = element;
      const cleanup = ref?.(element);
      return () => {
        own.current = null;
        cleanup?.();
      };
    },
    [ref],
  );
  useLayoutEffect(() => {
    const element = own.current;
    if (supportsFieldSizing || !element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [value]);
  return (
    <textarea
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
