/**
 * What the persistence banners show (PersistenceBanners.tsx, loaded only when there is something
 * to show): saved data that could not be restored and is kept aside, and why the page-hide copy
 * cannot be written. Apart from the app store: it is about storage, not the document, and must
 * not enter undo history or the autosave envelope.
 */
import { createStore, useStore } from 'zustand';

/** A saved value that could not be restored, kept in IndexedDB until exported or discarded. */
export interface UnreadableEntry {
  /** When it was moved aside (Date.now()). */
  keptAt: number;
  /** Why it could not be restored, as shown to the person. */
  reason: string;
  /** The value exactly as it was read from IndexedDB. */
  value: unknown;
}

export interface RecoveryState {
  unreadable: UnreadableEntry[];
  /** Set when the page-hide copy could not be written: an edit made just before closing may be lost. */
  copyProblem: string | undefined;
}

export const recoveryStore = createStore<RecoveryState>()(() => ({ unreadable: [], copyProblem: undefined }));

export function useRecoveryNeeded(): boolean {
  return useStore(recoveryStore, (state) => state.unreadable.length > 0 || state.copyProblem !== undefined);
}

export function useRecoveryState<T>(select: (state: RecoveryState) => T): T {
  return useStore(recoveryStore, select);
}

/** Entries read back from IndexedDB: only well-formed ones (the list itself is untrusted). */
export function toUnreadableEntries(value: unknown): UnreadableEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is UnreadableEntry =>
      typeof entry === 'object' && entry !== null && typeof (entry as UnreadableEntry).keptAt === 'number' && typeof (entry as UnreadableEntry).reason === 'string' && 'value' in entry,
  );
}
