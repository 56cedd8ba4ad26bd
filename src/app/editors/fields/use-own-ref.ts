/**
 * A field's own handle on its element beside the ref callback it was given (the field registry's,
 * which returns a cleanup): the callback ref to put on the element, and the handle.
 */
import { useCallback, useRef, type RefObject } from 'react';

export type GivenRef = ((element: HTMLElement | null) => (() => void) | undefined) | undefined;

export function useOwnRef<T extends HTMLElement>(given: GivenRef): [RefObject<T | null>, (element: T | null) => () => void] {
  const own = useRef<T | null>(null);
  const setRef = useCallback(
    (element: T | null) => {
      own.current = element;
      const cleanup = given?.(element);
      return () => {
        own.current = null;
        cleanup?.();
      };
    },
    [given],
  );
  return [own, setRef];
}
