/**
 * Where a dataset's work is kept: one IndexedDB database of its own (not the single-record
 * autosave's), one entry per edited record, deleted record, insertion point and status, so that
 * a change writes only its own entries. Keys:
 * - `['m', key]`: the dataset's meta (its file's name, size and hash, the current record, when saved);
 * - `['r', key, kind, index]`: one entry (`kind`: e edited text, d deleted, i added ids after a
 *   record, c the original an added record copies, s status).
 * `key` is the file's fingerprint (`size:hash`). A change and the meta are written in one
 * transaction: either all of it is kept or none (a quota error leaves the last save whole).
 * This is the only module that touches the storage; tests give the autosave a stand-in.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { EMPTY_WORK, applyChanges, type DatasetWork, type EntryChange, type EntryKind } from './dataset-work.ts';

export const DATASET_DB = 'parley-datasets';
export const DATASET_DB_STORE = 'work';
export const META_VERSION = 1;

export interface DatasetMeta {
  version: number;
  /** The file's name when it was last saved (to recognise "the same file, changed"). */
  name: string;
  size: number;
  hash: string;
  current: number;
  /** Date.now() of the last save. */
  savedAt: number;
}

export interface SavedDataset {
  meta: DatasetMeta;
  work: DatasetWork;
}

export interface DatasetStorage {
  /** The saved work on the file with this fingerprint, if any. */
  read(fingerprint: FileFingerprint): Promise<SavedDataset | undefined>;
  /** The metas of every saved dataset (a handful: one per file worked on). */
  metas(): Promise<DatasetMeta[]>;
  /** Write the meta and the changed entries, all or nothing. */
  write(meta: DatasetMeta, changes: readonly EntryChange[]): Promise<void>;
  /** Forget everything saved for this fingerprint. */
  remove(fingerprint: FileFingerprint): Promise<void>;
}

export function fingerprintKey(fingerprint: FileFingerprint): string {
  return `${fingerprint.size}:${fingerprint.hash}`;
}

const KIND_CODES: Record<EntryKind, string> = { edited: 'e', deleted: 'd', inserted: 'i', copies: 'c', status: 's' };
const CODE_KINDS = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as EntryKind]));

export function entryKey(key: string, change: Pick<EntryChange, 'kind' | 'index'>): IDBValidKey {
  return ['r', key, KIND_CODES[change.kind], change.index];
}

/** A stored entry read back, or undefined when it is not one this version wrote (it is skipped). */
export function toEntryChange(key: unknown, value: unknown): EntryChange | undefined {
  if (!Array.isArray(key) || key.length !== 4 || typeof key[3] !== 'number') return undefined;
  const kind = CODE_KINDS.get(String(key[2]));
  const index = key[3];
  if (kind === 'edited' || kind === 'status') return typeof value === 'string' ? { kind, index, value } : undefined;
  if (kind === 'deleted') return value === true ? { kind, index, value } : undefined;
  if (kind === 'copies') return Number.isInteger(value) ? { kind, index, value: value as number } : undefined;
  if (kind === 'inserted' && Array.isArray(value) && value.every((id) => Number.isInteger(id))) return { kind, index, value: value as number[] };
  return undefined;
}

export function toMeta(value: unknown): DatasetMeta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const meta = value as Partial<DatasetMeta>;
  const ok = typeof meta.name === 'string' && typeof meta.size === 'number' && typeof meta.hash === 'string' && typeof meta.current === 'number' && typeof meta.savedAt === 'number';
  return ok ? { version: typeof meta.version === 'number' ? meta.version : META_VERSION, name: meta.name as string, size: meta.size as number, hash: meta.hash as string, current: meta.current as number, savedAt: meta.savedAt as number } : undefined;
}

/** The IndexedDB storage (idb-keyval's store helper: one database, one object store, opened on first use). */
export function indexedDbDatasetStorage(store: UseStore = createStore(DATASET_DB, DATASET_DB_STORE)): DatasetStorage {
  const entriesRange = (key: string) => IDBKeyRange.bound(['r', key], ['r', key, []]);
  return {
    read: (fingerprint) =>
      store('readonly', async (objects) => {
        const key = fingerprintKey(fingerprint);
        const [metaValue, keys, values] = await Promise.all([
          promisifyRequest(objects.get(['m', key])),
          promisifyRequest(objects.getAllKeys(entriesRange(key))),
          promisifyRequest(objects.getAll(entriesRange(key))),
        ]);
        const meta = toMeta(metaValue);
        if (meta === undefined) return undefined;
        const changes = keys.map((entry, i) => toEntryChange(entry, values[i])).filter((change): change is EntryChange => change !== undefined);
        return { meta, work: { ...applyChanges(EMPTY_WORK, changes), current: meta.current } };
      }),
    metas: () =>
      store('readonly', async (objects) => {
        const values = await promisifyRequest(objects.getAll(IDBKeyRange.bound(['m'], ['m', []])));
        return values.map(toMeta).filter((meta): meta is DatasetMeta => meta !== undefined);
      }),
    write: (meta, changes) =>
      store('readwrite', (objects) => {
        const key = fingerprintKey(meta);
        objects.put(meta, ['m', key]);
        for (const change of changes) {
          if (change.value === undefined) objects.delete(entryKey(key, change));
          else objects.put(change.value, entryKey(key, change));
        }
        // Resolves when the transaction commits; rejects with its error (QuotaExceededError…).
        return promisifyRequest(objects.transaction);
      }),
    remove: (fingerprint) =>
      store('readwrite', (objects) => {
        const key = fingerprintKey(fingerprint);
        objects.delete(['m', key]);
        objects.delete(entriesRange(key));
        return promisifyRequest(objects.transaction);
      }),
  };
}
