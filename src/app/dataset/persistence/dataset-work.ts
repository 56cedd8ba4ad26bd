/**
 * What is saved of a dataset: the person's work on it, never the file. The changes exactly as
 * the dataset slice holds them (store/dataset-model.ts: by record id, added records included),
 * the statuses of the rows, and the record being looked at. Saving is incremental: `diffWork`
 * names the entries that changed between two states, so that a keystroke in one record writes
 * that record's entry, not the 100,000 others.
 */

export interface DatasetWork {
  /** Record id → its new text (one line of JSON). */
  edited: ReadonlyMap<number, string>;
  /** Original records deleted. */
  deleted: ReadonlySet<number>;
  /** Original record id (-1: before the first) → the added ids written after it, in order. */
  inserted: ReadonlyMap<number, readonly number[]>;
  /** Added id → the original record it copies while it is not edited. */
  copies: ReadonlyMap<number, number>;
  /** Record id → its status, for every record not `unreviewed`. */
  statuses: ReadonlyMap<number, string>;
  /** The record being looked at (an id; -1: none). */
  current: number;
}

export type EntryKind = 'edited' | 'deleted' | 'inserted' | 'copies' | 'status';

/** One saved entry: its new value, or `undefined` when it is gone (the edit undone, the status cleared). */
export interface EntryChange {
  kind: EntryKind;
  index: number;
  value: string | number | true | readonly number[] | undefined;
}

export const EMPTY_WORK: DatasetWork = { edited: new Map(), deleted: new Set(), inserted: new Map(), copies: new Map(), statuses: new Map(), current: -1 };

/**
 * The number of edits (edited, deleted and added records) and of review marks (done, flagged:
 * an `edited` status only repeats the edit), as the person is told.
 */
export function countWork(work: DatasetWork): { edits: number; statuses: number } {
  const touched = new Set<number>([...work.edited.keys(), ...work.deleted]);
  for (const ids of work.inserted.values()) for (const id of ids) touched.add(id);
  let marks = 0;
  for (const status of work.statuses.values()) if (status !== 'edited') marks++;
  return { edits: touched.size, statuses: marks };
}

/** Nothing to keep: no change and no status at all (an `edited` status alone is still kept). */
export function isEmptyWork(work: DatasetWork): boolean {
  return work.edited.size + work.deleted.size + work.inserted.size + work.copies.size + work.statuses.size === 0;
}

/**
 * The entries that differ between `before` and `after`, with their values in `after`. A map
 * that is the same object on both sides is skipped without a look inside, so that the usual
 * change (one record's text) costs the size of the maps that changed, not of the dataset.
 */
export function diffWork(before: DatasetWork, after: DatasetWork): EntryChange[] {
  const changes: EntryChange[] = [];
  diffMaps(before.edited, after.edited, 'edited', Object.is, changes);
  diffMaps(setAsMap(before.deleted), setAsMap(after.deleted), 'deleted', Object.is, changes);
  diffMaps(before.inserted, after.inserted, 'inserted', sameIds, changes);
  diffMaps(before.copies, after.copies, 'copies', Object.is, changes);
  diffMaps(before.statuses, after.statuses, 'status', Object.is, changes);
  return changes;
}

/** `after` with `changes` applied (a saved state plus the changes written after it). */
export function applyChanges(work: DatasetWork, changes: readonly EntryChange[]): DatasetWork {
  if (changes.length === 0) return work;
  const edited = new Map(work.edited);
  const deleted = new Set(work.deleted);
  const inserted = new Map(work.inserted);
  const copies = new Map(work.copies);
  const statuses = new Map(work.statuses);
  for (const { kind, index, value } of changes) {
    if (kind === 'edited') {
      if (typeof value === 'string') edited.set(index, value);
      else edited.delete(index);
    } else if (kind === 'deleted') {
      if (value === true) deleted.add(index);
      else deleted.delete(index);
    } else if (kind === 'inserted') {
      if (Array.isArray(value)) inserted.set(index, value);
      else inserted.delete(index);
    } else if (kind === 'copies') {
      if (typeof value === 'number') copies.set(index, value);
      else copies.delete(index);
    } else if (typeof value === 'string') statuses.set(index, value);
    else statuses.delete(index);
  }
  return { edited, deleted, inserted, copies, statuses, current: work.current };
}

/** Changes keyed by entry, the later one winning: what a pending write must still carry. */
export function mergeChanges(...lists: readonly (readonly EntryChange[])[]): EntryChange[] {
  const byEntry = new Map<string, EntryChange>();
  for (const list of lists) for (const change of list) byEntry.set(`${change.kind}:${change.index}`, change);
  return [...byEntry.values()];
}

// A Set seen as a map to `true`, so that one diff handles the four kinds. Cached per Set: the
// same Set object on both sides must compare as the same map (skipped).
const setMaps = new WeakMap<ReadonlySet<number>, ReadonlyMap<number, true>>();
function setAsMap(set: ReadonlySet<number>): ReadonlyMap<number, true> {
  let map = setMaps.get(set);
  if (map === undefined) {
    map = new Map([...set].map((index) => [index, true] as const));
    setMaps.set(set, map);
  }
  return map;
}

function diffMaps<V extends EntryChange['value']>(before: ReadonlyMap<number, V>, after: ReadonlyMap<number, V>, kind: EntryKind, same: (a: V, b: V) => boolean, out: EntryChange[]): void {
  if (before === after) return;
  for (const [index, value] of after) {
    const old = before.get(index);
    if (old === undefined || !same(old, value)) out.push({ kind, index, value });
  }
  for (const index of before.keys()) if (!after.has(index)) out.push({ kind, index, value: undefined });
}

function sameIds(a: EntryChange['value'], b: EntryChange['value']): boolean {
  if (a === b) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((id, i) => id === b[i]);
}
