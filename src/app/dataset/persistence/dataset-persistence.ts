/**
 * The dataset's work, kept in IndexedDB while it is made: when a dataset opens (its fingerprint
 * is part of the opened file), the work saved for that very file is put back and said; work saved
 * for a changed file of the same name is not applied and is said; then every change is saved
 * (dataset-autosave.ts). When the dataset closes or another opens, saving it stops.
 *
 * Two tabs on the same file: the tab that would write over work another tab saved since it read
 * is stopped (dataset-autosave.ts); its work is kept as a recovery copy at once, and the person
 * keeps this tab's work (the other's becomes the recovery copy) or takes the other's (the file
 * is opened again with the other's work; this tab's stays the recovery copy).
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { indexedDbAvailable } from '../../persistence/storage.ts';
import { newWriterId } from '../../persistence/write-check.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { startDatasetAutosave, describeSaveError, type DatasetAutosave } from './dataset-autosave.ts';
import { indexedDbDatasetStorage, type DatasetStorage } from './dataset-storage.ts';
import { planDatasetRestore } from './dataset-restore.ts';
import { diffWork, EMPTY_WORK, isEmptyWork } from './dataset-work.ts';
import { localStorageCopy, type CopyStore } from './pagehide-copy.ts';
import { parquetOriginOf } from '../parquet/parquet-origin.ts';
import { datasetPersistenceStore } from './persistence-state.ts';
import { followReadAs, restoreReadAs } from './read-as-persistence.ts';
import { followRules, restoreRules } from './rules-persistence.ts';
import { putWorkIntoStore, storeWorkSource } from './store-work.ts';

export interface PersistenceDeps {
  storage: DatasetStorage;
  copy: CopyStore;
  available: () => boolean;
}

interface Attached {
  dataset: DatasetFile;
  autosave: DatasetAutosave | undefined;
  /** The recovery copy of the conflict under way, if any. */
  conflictCopyId?: string;
  source?: ReturnType<typeof storeWorkSource>;
}

let deps: PersistenceDeps | undefined;
let attached: Attached | undefined;
let started = false;
/** This page's id for the two-tab check (write-check.ts), and the conflicts it has seen. */
const writerId = newWriterId();
let conflicts = 0;

/** Start following the open dataset (once; the dataset pipeline calls it when it loads). */
export function startDatasetPersistence(given?: Partial<PersistenceDeps>): void {
  if (started) return;
  started = true;
  deps = { storage: given?.storage ?? indexedDbDatasetStorage(), copy: given?.copy ?? localStorageCopy, available: given?.available ?? indexedDbAvailable };
  useAppStore.subscribe((state, previous) => {
    // A dataset still being read (a Parquet file shown on its first rows) has no fingerprint yet: its work is looked for and kept once every row is read.
    if (state.dataset !== previous.dataset || state.datasetReading !== previous.datasetReading) follow(state.datasetReading ? null : state.dataset);
  });
  if (deps.available()) {
    followRules(deps.storage);
    followReadAs(deps.storage);
  }
  follow(useAppStore.getState().datasetReading ? null : useAppStore.getState().dataset);
}

/** Write the dataset's work now (Ctrl+S, tests); resolves when written or failed. */
export async function saveDatasetNow(): Promise<void> {
  await attached?.autosave?.saveNow();
}

/**
 * Forget the work saved for a file that no longer exists as it was (Save wrote the work into it).
 * Saving the open dataset stops first: a write still pending would store it again.
 */
export async function forgetSavedWork(fingerprint: FileFingerprint): Promise<void> {
  if (attached && sameFile(attached.dataset.fingerprint, fingerprint)) {
    attached.autosave?.stop();
    attached.autosave = undefined;
  }
  if (!deps) return;
  try {
    await deps.storage.remove(fingerprint);
  } catch {
    // Left behind: it matches no file, so it is never applied; only the space is not freed.
  }
}

/** Discard the work saved for the older versions of a changed file (the banner's button). */
export async function discardChangedWork(): Promise<void> {
  const changed = datasetPersistenceStore.getState().changed;
  if (!changed || !deps) return;
  try {
    for (const meta of changed.versions) await deps.storage.remove(meta);
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The saved edits of the old ${changed.name} could not be discarded: ${describeSaveError(thrown)}` });
    return;
  }
  datasetPersistenceStore.setState({ changed: null });
  useAppStore.getState().showNotice({ tone: 'success', title: `Discarded the saved edits of the old ${changed.name}.` });
}

function sameFile(a: FileFingerprint, b: FileFingerprint): boolean {
  return a.size === b.size && a.hash === b.hash;
}

function follow(dataset: DatasetFile | null): void {
  if (attached?.dataset === dataset) return;
  // Closed or replaced: what was changed in the last moment is still written.
  void attached?.autosave?.finish();
  attached = undefined;
  datasetPersistenceStore.setState({ status: null, changed: null, conflict: false, kept: [] });
  if (dataset) void attach(dataset);
}

async function attach(dataset: DatasetFile): Promise<void> {
  if (!deps) return;
  const { storage, copy } = deps;
  const entry: Attached = { dataset, autosave: undefined };
  attached = entry;
  const still = () => attached === entry && useAppStore.getState().dataset === dataset;
  const app = useAppStore.getState();
  if (!deps.available()) {
    datasetPersistenceStore.setState({ status: { state: 'unavailable', message: 'Edits not kept: this browser offers no IndexedDB. Save or export the file to keep them.' } });
    return;
  }
  const file = { name: dataset.name, fingerprint: dataset.fingerprint };
  datasetPersistenceStore.setState({ status: { state: 'restoring' } });
  // The rules file kept for this file (by name): the records are checked with it again.
  void restoreRules(storage, dataset);
  // The dialect its records were read as (by name): they are read so again.
  void restoreReadAs(storage, dataset);
  let plan: Awaited<ReturnType<typeof planDatasetRestore>>;
  try {
    plan = await planDatasetRestore(storage, copy, file);
  } catch (thrown) {
    if (!still()) return;
    // Reading failed: saving over what may be there would lose it. Say so; the work stays in the tab.
    const message = `the edits saved for ${dataset.name} could not be read (${describeSaveError(thrown)}), so new ones are not saved either`;
    datasetPersistenceStore.setState({ status: { state: 'unavailable', message: `Edits not kept: ${message}.` } });
    app.showNotice({ tone: 'error', title: `Parley cannot keep your edits to ${dataset.name} in this browser: ${message}. Save or export the file to keep them.` });
    return;
  }
  if (!still()) return;
  let unsaved = plan.unsaved;
  if (plan.work) {
    unsaved = (await putWorkIntoStore(plan.work)) || unsaved;
    if (!still()) return;
    if (plan.restoredMessage) useAppStore.getState().showNotice({ tone: 'success', title: plan.restoredMessage });
  }
  if (plan.overtakenCopy) {
    const held = plan.overtakenCopy;
    const reason = 'Changes made in a tab just before it closed, on top of an older version than the one another tab saved since: kept here rather than applied over it.';
    // Kept aside first; the page-hide copy is cleared only once it is.
    await storage.keep(dataset.fingerprint, { id: `closed-tab:${held.savedAt}`, keptAt: Date.now(), reason, changes: held.changes, current: held.current }).then(
      () => copy.clear(),
      () => undefined,
    );
  }
  const kept = await storage.kept(dataset.fingerprint).catch(() => []);
  if (!still()) return;
  datasetPersistenceStore.setState({ changed: plan.changed ?? null, kept });
  const source = storeWorkSource(dataset.fingerprint);
  entry.source = source;
  entry.autosave = startDatasetAutosave({
    file,
    storage,
    copy,
    source,
    base: plan.storedRevision,
    writerId,
    onConflict: () => void onConflict(entry),
    confirmed: plan.work ? plan.confirmed : EMPTY_WORK,
    // Work done before the saved one was read (edits, statuses carried over by Save) is in the store, not yet in the storage.
    unsaved: unsaved || (!plan.work && !isEmptyWork(source.get())),
    onStatus: (status) => {
      if (attached === entry) datasetPersistenceStore.setState({ status });
    },
    // Said even after the dataset closed: its last write may be the one that failed.
    onError: (message) => useAppStore.getState().showNotice({ tone: 'error', title: `Your edits to ${dataset.name} are not saved in this browser: ${message}` }),
  });
}

/** Another tab saved work on this file: say so and keep this tab's work aside at once. */
async function onConflict(entry: Attached): Promise<void> {
  if (attached !== entry) return;
  entry.conflictCopyId = `${writerId}:${++conflicts}`;
  datasetPersistenceStore.setState({ conflict: true });
  await keepOwnWork(entry, 'This tab’s work, kept when another tab saved work on the same file.');
}

/** This tab's work into the conflict's recovery copy; false (and said) when it cannot be kept. */
async function keepOwnWork(entry: Attached, reason: string): Promise<boolean> {
  if (!deps || !entry.source || entry.conflictCopyId === undefined) return false;
  try {
    const work = entry.source.get();
    await deps.storage.keep(entry.dataset.fingerprint, { id: entry.conflictCopyId, keptAt: Date.now(), reason, changes: diffWork(EMPTY_WORK, work), current: work.current });
    return true;
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `This tab’s work on ${entry.dataset.name} could not be kept as a recovery copy (${describeSaveError(thrown)}). Save or export the file to keep it.` });
    return false;
  }
}

async function refreshKept(entry: Attached): Promise<void> {
  const kept = await deps?.storage.kept(entry.dataset.fingerprint).catch(() => undefined);
  if (kept && attached === entry) datasetPersistenceStore.setState({ kept });
}

/** The conflict banner's "Keep this tab's work": the other tab's becomes the recovery copy. */
export async function keepDatasetWorkHere(): Promise<void> {
  const entry = attached;
  if (!entry?.autosave || entry.conflictCopyId === undefined) return;
  try {
    await entry.autosave.keepMine({ id: entry.conflictCopyId, keptAt: Date.now(), reason: 'The other tab’s work, replaced by this tab’s.' });
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The other tab’s work could not be kept as a recovery copy (${describeSaveError(thrown)}), so it was not replaced.` });
    return;
  }
  datasetPersistenceStore.setState({ conflict: false });
  await refreshKept(entry);
}

/**
 * The conflict banner's "Take the other tab's work": this tab's is kept as the recovery copy, its
 * saving stops, and the file is opened again, which restores the work the other tab saved.
 */
export async function takeOtherDatasetWork(): Promise<void> {
  const entry = attached;
  if (!entry?.autosave) return;
  if (!(await keepOwnWork(entry, 'This tab’s work, replaced by the other tab’s.'))) return;
  entry.autosave.stop();
  entry.autosave = undefined;
  const { dataset } = entry;
  const { openDatasetFile, openParquetDataset } = await import('../open-dataset.ts');
  // A dataset opened from Parquet opens from its Parquet files again (the same JSON Lines, so the same work), keeping the Parquet export.
  const parquet = parquetOriginOf(dataset.source);
  if (parquet) await openParquetDataset(parquet.shards, dataset.name, { columns: parquet.columns, readAll: true });
  else await openDatasetFile(dataset.source, dataset.name, dataset.format);
}

/** The recovery copies banner's buttons. */
export async function discardKeptWork(): Promise<void> {
  const entry = attached;
  if (!entry || !deps) return;
  try {
    await deps.storage.dropKept(entry.dataset.fingerprint);
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The recovery copies could not be discarded: ${describeSaveError(thrown)}` });
    return;
  }
  datasetPersistenceStore.setState({ kept: [] });
}
