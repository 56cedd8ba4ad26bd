/**
 * The dataset's page-hide copy: when the page is hidden or unloaded with changes not yet in
 * IndexedDB, the changed entries are written synchronously to localStorage (an IndexedDB write
 * started then may not finish before the page is gone), as the single-record autosave does
 * (src/app/persistence/storage.ts). Only the entries that changed since the last confirmed save
 * are written: a few records' texts, not the dataset.
 */
import type { EntryChange } from './dataset-work.ts';

export const DATASET_COPY_KEY = 'parley.dataset.pagehide-copy';

export interface DatasetCopy {
  /** The fingerprint key (`size:hash`) of the file the changes belong to. */
  key: string;
  current: number;
  savedAt: number;
  changes: EntryChange[];
  /** The page that wrote it and the stored revision its changes are on top of (write-check.ts); absent in older copies. */
  writer?: string;
  base?: number;
}

export interface CopyStore {
  read(): string | undefined;
  /** Undefined when written; otherwise why not. */
  write(text: string): string | undefined;
  clear(): void;
}

export const localStorageCopy: CopyStore = {
  read() {
    try {
      return localStorage.getItem(DATASET_COPY_KEY) ?? undefined;
    } catch {
      return undefined; // Storage disabled: there is no copy.
    }
  },
  write(text) {
    try {
      localStorage.setItem(DATASET_COPY_KEY, text);
      return undefined;
    } catch (thrown) {
      return thrown instanceof Error ? thrown.name || thrown.message : String(thrown);
    }
  },
  clear() {
    try {
      localStorage.removeItem(DATASET_COPY_KEY);
    } catch {
      // Storage disabled: there is no copy to clear.
    }
  },
};

/** A copy read back, or undefined when there is none or it is not one this version wrote. */
export function parseCopy(text: string | undefined): DatasetCopy | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const copy = value as Partial<DatasetCopy>;
  if (typeof copy.key !== 'string' || typeof copy.current !== 'number' || typeof copy.savedAt !== 'number' || !Array.isArray(copy.changes)) return undefined;
  // JSON drops `value: undefined`: an entry without a value is a removal.
  const changes = copy.changes.filter((change): change is EntryChange => typeof change === 'object' && change !== null && typeof change.index === 'number' && ['edited', 'deleted', 'inserted', 'copies', 'status'].includes(change.kind));
  const stamp = typeof copy.writer === 'string' && typeof copy.base === 'number' ? { writer: copy.writer, base: copy.base } : {};
  return { key: copy.key, current: copy.current, savedAt: copy.savedAt, changes, ...stamp };
}
