/**
 * `path`, as the same array for as long as its segments stay the same. List cards are `memo`
 * components that take their list's path: built afresh on every render, it would re-render
 * every card of a message on each keystroke in one of them.
 */
import { useRef } from 'react';
import { pathsEqual, type FieldPath } from '../../../core/index.ts';

export function useStablePath(path: FieldPath): FieldPath {
  const kept = useRef(path);
  if (!pathsEqual(kept.current, path)) kept.current = path;
  return kept.current;
}
