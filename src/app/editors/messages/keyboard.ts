/**
 * Keyboard shortcuts inside a message: Ctrl/Cmd+Enter adds a message after it and focuses it;
 * Alt+ArrowUp/Down moves it, keeping focus on the same field at its new place.
 */
import type { KeyboardEvent } from 'react';
import { parsePath, pathsEqual, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { addMessageAfter, moveMessage } from '../actions/message-actions.ts';
import { MESSAGES_ROOT } from './messages-root.ts';

/** The path of the field (or card) that has focus inside `root`, if any. */
function focusedFieldPath(root: HTMLElement) {
  const active = root.ownerDocument.activeElement;
  const field = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-field-path]') : null;
  return field && root.contains(field) ? parsePath(field.dataset.fieldPath ?? '') : undefined;
}

export function handleMessageKeyDown(event: KeyboardEvent<HTMLElement>, index: number, root: FieldPath = MESSAGES_ROOT): void {
  // Keys that finish an IME composition are the composition's.
  if (event.nativeEvent.isComposing) return;
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    event.preventDefault();
    const path = addMessageAfter(index, root);
    if (path) useAppStore.getState().reveal(path);
    return;
  }
  // Alt+ArrowDown on a select opens it (a platform convention): leave selects alone.
  if (event.target instanceof HTMLSelectElement) return;
  if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    const focused = focusedFieldPath(event.currentTarget);
    if (!moveMessage(index, to, root)) return;
    event.preventDefault();
    // The row moves (and may remount): focus the same field under its new index.
    const inList = focused !== undefined && focused.length > root.length && pathsEqual(focused.slice(0, root.length), root);
    const path = inList ? [...root, to, ...focused.slice(root.length + 1)] : [...root, to];
    useAppStore.getState().reveal(path);
  }
}
