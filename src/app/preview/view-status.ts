/**
 * What each editable view reports to the person (edited, read back, does not parse), shared
 * between its controller (outside React) and the status line above it; plus each view's
 * "revert" (drop the typed text). A tiny external store read with useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import type { EditStatus } from '../views/edit-session.ts';

export type ViewId = 'text' | 'json';

const SYNCED: EditStatus = { state: 'synced' };
const statuses: Record<ViewId, EditStatus> = { text: SYNCED, json: SYNCED };
const reverts: Partial<Record<ViewId, () => void>> = {};
const listeners = new Set<() => void>();

export function setViewStatus(view: ViewId, status: EditStatus): void {
  statuses[view] = status;
  listeners.forEach((listener) => listener());
}

export function useViewStatus(view: ViewId): EditStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => statuses[view],
  );
}

/** The view's controller says how to drop the typed text (undefined when it unmounts). */
export function setViewRevert(view: ViewId, revert: (() => void) | undefined): void {
  if (revert) reverts[view] = revert;
  else delete reverts[view];
}

export function revertView(view: ViewId): void {
  reverts[view]?.();
}
