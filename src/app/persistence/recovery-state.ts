/**
 * What the persistence banners show (PersistenceBanners.tsx, loaded only when there is something
 * to show): saved data that could not be restored and is kept aside, why the page-hide copy
 * cannot be written, a conflict with another tab and the recovery copies it left. Apart from the app store: it is about storage, not the document, and must
 * not enter undo history or the autosave envelope.
 */
import { createStore, useStore } from 'zustand';
import type { RecoveryCopy } from './recovery-copies.ts';

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
  /** Another tab saved the conversation since this tab read it: saving here waits for the person's choice. */
  conflict: TabConflict | undefined;
  /** Versions not kept after such conflicts (recovery-copies.ts), oldest first. */
  copies: RecoveryCopy[];
}

export interface TabConflict {
  /** When the other tab saved (its envelope's `savedAt`; 0 when unknown). */
  otherSavedAt: number;
  /** Why the other version cannot be taken (written by a newer Parley, unreadable); undefined when it can. */
  otherUnreadable: string | undefined;
}

export const recoveryStore = createStore<RecoveryState>()(() => ({ unreadable: [], copyProblem: undefined, conflict: undefined, copies: [] }));

export function useRecoveryNeeded(): boolean {
  return useStore(recoveryStore, (state) => state.unreadable.length > 0 || state.copyProblem !== undefined || state.conflict !== undefined || state.copies.length > 0);
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
