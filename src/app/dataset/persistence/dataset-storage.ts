/**
 * Where a dataset's work is kept: one IndexedDB database of its own (not the single-record
 * autosave's), one entry per edited record, deleted record, insertion point and status, so that
 * a change writes only its own entries. Keys:
 * - `['m', key]`: the dataset's meta (its file's name, size and hash, the current record, when saved);
 * - `['r', key, kind, index]`: one entry (`kind`: e edited text, d deleted, i added ids after a
 *   record, c the original an added record copies, s status);
 * - `['k', key, id]`: a recovery copy, the work not kept when two tabs saved work on the same file
 *   (`KeptWork`), until the person downloads or discards it;
 * - `['l', name]`: the rules file loaded for the dataset file called `name` (`SavedRules`). By
 *   name, not fingerprint: rules name no record, so they stay right for the file once it is
 *   edited and saved (a new fingerprint), as the person expects of "the rules of data.jsonl".
 * - `['a', name]`: the dialect the records of the dataset file called `name` are read as (a
 *   codec id; "Read as"), by name for the same reason.
 * `key` is the file's fingerprint (`size:hash`). A change and the meta are written in one
 * transaction: either all of it is kept or none (a quota error leaves the last save whole), and
 * only if the meta stored is the one this tab last read or wrote (write-check.ts): another
 * tab's work on the same file is never written over unseen.
 * This is the only module that touches the storage; tests give the autosave a stand-in.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { checkWrite, revisionOf, type WriteCheck, type Writer } from '../../persistence/write-check.ts';
import { EMPTY_WORK, applyChanges, type DatasetWork, type EntryChange, type EntryKind } from './dataset-work.ts';

export const DATASET_DB = 'parley-datasets';
export const DATASET_DB_STORE = 'work';
/** 2 adds the two-tab stamp (`revision`, `writer`); a version 1 meta reads as revision 0. */
export const META_VERSION = 2;

export interface DatasetMeta {
  version: number;
  /** The file's name when it was last saved (to recognise "the same file, changed"). */
  name: string;
  size: number;
  hash: string;
  current: number;
  /** Date.now() of the last save. */
  savedAt: number;
  /** Write counter (write-check.ts), counted in the write's transaction; 0 before version 2. */
  revision: number;
  /** Id of the page that wrote it (write-check.ts). */
  writer?: string;
}

/** Work not kept when two tabs saved work on the same file, as the changes from the original file. */
export interface KeptWork {
  id: string;
  keptAt: number;
  /** Whose work it is and why it was kept, as shown to the person. */
  reason: string;
  changes: EntryChange[];
  current: number;
}

/** A rules file kept for a dataset: its name and its text, parsed again when restored. */
export interface SavedRules {
  name: string;
  text: string;
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
  /**
   * Write the meta and the changed entries, all or nothing, if `writer` may (write-check.ts);
   * otherwise nothing, and the stored meta is handed back.
   */
  write(meta: DatasetMeta, changes: readonly EntryChange[], writer: Writer): Promise<WriteCheck>;
  /** Forget everything saved for this fingerprint (but its recovery copies). */
  remove(fingerprint: FileFingerprint): Promise<void>;
  /** Keep (add or replace by id) a recovery copy of work on this file. */
  keep(fingerprint: FileFingerprint, kept: KeptWork): Promise<void>;
  /** The recovery copies kept for this file, oldest first. */
  kept(fingerprint: FileFingerprint): Promise<KeptWork[]>;
  /** Forget the recovery copies of this file. */
  dropKept(fingerprint: FileFingerprint): Promise<void>;
  /** The rules file kept for the dataset file called `name`, if any. */
  rules(name: string): Promise<SavedRules | undefined>;
  /** Keep (or, with undefined, forget) the rules file of the dataset file called `name`. */
  setRules(name: string, rules: SavedRules | undefined): Promise<void>;
  /** The dialect kept for the records of the dataset file whose fingerprint key is `file` (file-memory.ts `fingerprintKey`; a codec id), if any. */
  readAs(file: string): Promise<string | undefined>;
  /** Keep (or, with undefined, forget) the dialect the records of the dataset file whose fingerprint key is `file` are read as. */
  setReadAs(file: string, dialect: string | undefined): Promise<void>;
}

/** A kept rules file read back, or undefined when it is not one this version wrote. */
export function toSavedRules(value: unknown): SavedRules | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const rules = value as Partial<SavedRules>;
  return typeof rules.name === 'string' && typeof rules.text === 'string' ? { name: rules.name, text: rules.text } : undefined;
}

/** A recovery copy read back, or undefined when it is not one this version wrote. */
export function toKeptWork(value: unknown): KeptWork | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kept = value as Partial<KeptWork>;
  if (typeof kept.id !== 'string' || typeof kept.keptAt !== 'number' || typeof kept.reason !== 'string' || typeof kept.current !== 'number' || !Array.isArray(kept.changes)) return undefined;
  return { id: kept.id, keptAt: kept.keptAt, reason: kept.reason, current: kept.current, changes: kept.changes };
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
  if (!ok) return undefined;
  const read: DatasetMeta = { version: typeof meta.version === 'number' ? meta.version : META_VERSION, name: meta.name as string, size: meta.size as number, hash: meta.hash as string, current: meta.current as number, savedAt: meta.savedAt as number, revision: revisionOf(meta) };
  if (typeof meta.writer === 'string') read.writer = meta.writer;
  return read;
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
    write: (meta, changes, writer) =>
      store('readwrite', async (objects) => {
        const key = fingerprintKey(meta);
        const check = checkWrite(await promisifyRequest(objects.get(['m', key])), writer);
        if (!check.ok) return check;
        objects.put({ ...meta, revision: check.revision, writer: writer.id }, ['m', key]);
        for (const change of changes) {
          if (change.value === undefined) objects.delete(entryKey(key, change));
          else objects.put(change.value, entryKey(key, change));
        }
        // Resolves when the transaction commits; rejects with its error (QuotaExceededError…).
        await promisifyRequest(objects.transaction);
        return check;
      }),
    remove: (fingerprint) =>
      store('readwrite', (objects) => {
        const key = fingerprintKey(fingerprint);
        objects.delete(['m', key]);
        objects.delete(entriesRange(key));
        return promisifyRequest(objects.transaction);
      }),
    keep: (fingerprint, kept) =>
      store('readwrite', (objects) => {
        objects.put(kept, ['k', fingerprintKey(fingerprint), kept.id]);
        return promisifyRequest(objects.transaction);
      }),
    kept: (fingerprint) =>
      store('readonly', async (objects) => {
        const key = fingerprintKey(fingerprint);
        const values = await promisifyRequest(objects.getAll(IDBKeyRange.bound(['k', key], ['k', key, []])));
        return values.map(toKeptWork).filter((kept): kept is KeptWork => kept !== undefined).sort((a, b) => a.keptAt - b.keptAt);
      }),
    dropKept: (fingerprint) =>
      store('readwrite', (objects) => {
        const key = fingerprintKey(fingerprint);
        objects.delete(IDBKeyRange.bound(['k', key], ['k', key, []]));
        return promisifyRequest(objects.transaction);
      }),
    rules: (name) => store('readonly', async (objects) => toSavedRules(await promisifyRequest(objects.get(['l', name])))),
    setRules: (name, rules) =>
      store('readwrite', (objects) => {
        if (rules === undefined) objects.delete(['l', name]);
        else objects.put({ name: rules.name, text: rules.text }, ['l', name]);
        return promisifyRequest(objects.transaction);
      }),
    readAs: (name) =>
      store('readonly', async (objects) => {
        const value: unknown = await promisifyRequest(objects.get(['a', name]));
        return typeof value === 'string' ? value : undefined;
      }),
    setReadAs: (name, dialect) =>
      store('readwrite', (objects) => {
        if (dialect === undefined) objects.delete(['a', name]);
        else objects.put(dialect, ['a', name]);
        return promisifyRequest(objects.transaction);
      }),
  };
}
