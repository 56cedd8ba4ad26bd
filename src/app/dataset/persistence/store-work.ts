/**
 * The dataset slice (store/dataset-slice.ts) seen as `DatasetWork`, and restored work put back
 * into it. The record being edited is part of the work before it is committed (the slice
 * commits it only when moving to another record): its text is encoded the way `commitCurrent`
 * encodes it, at save time, without committing.
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { markOf, useAppStore, type AppState, type DatasetRow } from '../../store/index.ts';
import { encodeMark, restoredMark, type RowMark } from '../../review/row-mark.ts';
import { datasetEngine } from '../engine.ts';
import type { WorkSource } from './dataset-autosave.ts';
import type { DatasetWork } from './dataset-work.ts';

type WorkState = Pick<AppState, 'dataset' | 'datasetChanges' | 'datasetRows' | 'currentRecord' | 'record' | 'datasetLoaded'>;

/**
 * The review marks of the rows that have one, each as the string the saved work keeps
 * (review/row-mark.ts: a bare verdict as its word, as statuses were kept before).
 */
export function rowStatuses(rows: readonly DatasetRow[]): Map<number, string> {
  const statuses = new Map<number, string>();
  rows.forEach((row, id) => {
    if (row.status === 'unreviewed' && !row.savedEdit && !row.review) return;
    const kept = encodeMark(markOf(row));
    if (kept !== undefined) statuses.set(id, kept);
  });
  return statuses;
}

/** The current record's text if it was edited and not yet committed. */
export function uncommittedText(state: WorkState): string | undefined {
  const loaded = state.datasetLoaded;
  if (!loaded || !loaded.ok || state.record === loaded.record) return undefined;
  try {
    const text = datasetEngine.encode(state.record, loaded.dialect, loaded.json, loaded.text);
    return text === datasetEngine.encode(loaded.record, loaded.dialect, loaded.json, loaded.text) ? undefined : text;
  } catch {
    // An edit that cannot be written is said by commitCurrent when it is committed; until then it stays in the editors.
    return undefined;
  }
}

/** The work on the dataset whose fingerprint is `fingerprint`, read from the app store. */
export function storeWorkSource(fingerprint: FileFingerprint, store = useAppStore): WorkSource {
  let rows: readonly DatasetRow[] | undefined;
  let statuses = new Map<number, string>();
  const ours = (state: WorkState) => state.dataset !== null && state.dataset.fingerprint.hash === fingerprint.hash && state.dataset.fingerprint.size === fingerprint.size;
  /** The last state with this dataset open: once it is closed, what the last write still saves. */
  let lastOpen: WorkState | undefined = ours(store.getState()) ? store.getState() : undefined;
  const unwatch = store.subscribe((state) => {
    if (ours(state)) lastOpen = state;
    else if (lastOpen !== undefined) unwatch();
  });
  return {
    get() {
      const state = ours(store.getState()) ? store.getState() : lastOpen;
      if (!state) throw new Error('The dataset that was being saved is not open any more.');
      // Rows are replaced on every batch of the worker's check: the statuses map is kept while
      // its content is the same, so that the diff skips it.
      if (state.datasetRows !== rows) {
        const next = rowStatuses(state.datasetRows);
        if (!sameEntries(next, statuses)) statuses = next;
        rows = state.datasetRows;
      }
      const changes = state.datasetChanges;
      const pending = uncommittedText(state);
      const edited = pending === undefined || state.currentRecord === null ? changes.edited : new Map(changes.edited).set(state.currentRecord, pending);
      return { edited, deleted: changes.deleted, inserted: changes.inserted, copies: changes.copies, statuses, current: state.currentRecord ?? -1 };
    },
    subscribe(listener) {
      return store.subscribe((state, previous) => {
        if (!ours(state)) return;
        // Rows are replaced by every batch of the worker's check too: only a status change counts
        // (else the pause that a save waits for would not come until the check ends).
        const statusChanged = state.datasetRows !== previous.datasetRows && statusesDiffer(state.datasetRows, previous.datasetRows);
        if (state.datasetChanges !== previous.datasetChanges || statusChanged || state.currentRecord !== previous.currentRecord || state.record !== previous.record) listener();
      });
    },
  };
}

function statusesDiffer(a: readonly DatasetRow[], b: readonly DatasetRow[]): boolean {
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) if (a[i]?.status !== b[i]?.status || a[i]?.review !== b[i]?.review || a[i]?.savedEdit !== b[i]?.savedEdit) return true;
  return false;
}

function sameEntries(a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/**
 * Put restored work into the open dataset (the slice's `restoreDataset`): its changes merged
 * under any made since the file opened (those win, the record being edited committed first so
 * that its typing is not lost), the statuses likewise, and the record that was being looked at
 * shown again. Returns whether changes made here were merged in (then they must be written).
 */
export async function putWorkIntoStore(work: DatasetWork, store = useAppStore): Promise<boolean> {
  if (!store.getState().dataset) return false;
  store.getState().commitCurrent();
  const { datasetChanges: here, datasetRows } = store.getState();
  const changes = {
    edited: new Map([...work.edited, ...here.edited]),
    deleted: new Set([...work.deleted, ...here.deleted]),
    inserted: new Map([...work.inserted, ...here.inserted]),
    copies: new Map([...work.copies, ...here.copies]),
  };
  // Marks saved before review files (edited | flagged | done) are read as marks too (row-mark.ts).
  const marks = new Map<number, RowMark>();
  for (const [id, kept] of work.statuses) {
    const mark = restoredMark(kept, changes.edited.has(id));
    if (mark) marks.set(id, mark);
  }
  datasetRows.forEach((row, id) => {
    if (row.status !== 'unreviewed' || row.savedEdit || row.review) marks.set(id, markOf(row));
  });
  const mergedHere = here.edited.size + here.deleted.size + here.inserted.size > 0;
  store.getState().restoreDataset(changes, marks);
  const { datasetOrder } = store.getState();
  if (datasetOrder.includes(work.current)) await store.getState().goto(work.current);
  return mergedHere;
}
