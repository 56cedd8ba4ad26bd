/**
 * Store actions of the form editors, as plain functions (callable from components, keyboard
 * handlers and tests). Each is one `edit` of the store; typing into a field passes the field's
 * path as coalesce key so that a burst of typing is one undo step.
 */
import { formatPath, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { getIn, listAt, moveInList, setIn } from '../ops/draft-path.ts';

/**
 * Sets the field at `path` (`undefined` removes an optional field). Consecutive sets of the same
 * field coalesce into one undo step unless `ownStep` (a button such as Pretty-print).
 */
export function setField(path: FieldPath, value: unknown, ownStep = false): void {
  useAppStore.getState().edit(
    (draft) => {
      setIn(draft, path, value);
    },
    ownStep ? undefined : formatPath(path),
  );
}

/** Inserts `item` into the list at `listPath` before `index` (clamped: past the end appends). */
export function insertAt(listPath: FieldPath, index: number, item: unknown): void {
  useAppStore.getState().edit((draft) => {
    const list = listAt(draft, listPath);
    if (list) list.splice(Math.max(0, Math.min(index, list.length)), 0, item);
  });
}

export function removeAt(listPath: FieldPath, index: number): void {
  useAppStore.getState().edit((draft) => {
    listAt(draft, listPath)?.splice(index, 1);
  });
}

export function moveAt(listPath: FieldPath, from: number, to: number): void {
  useAppStore.getState().edit((draft) => {
    const list = listAt(draft, listPath);
    if (list) moveInList(list, from, to);
  });
}

/**
 * Inserts a copy (made by `clone`, with fresh ids) of `list[index]` right after it. The copy is
 * made from the committed record, not from a draft (drafts cannot be structured-cloned).
 */
export function duplicateAt<T>(listPath: FieldPath, index: number, clone: (item: T) => T): void {
  const original = listAt(useAppStore.getState().record, listPath)?.[index];
  if (original === undefined) return;
  insertAt(listPath, index + 1, clone(original as T));
}

/** The committed value at `path` (for handlers that need the current state, not a rendered copy). */
export function valueAt(path: FieldPath): unknown {
  return getIn(useAppStore.getState().record, path);
}
