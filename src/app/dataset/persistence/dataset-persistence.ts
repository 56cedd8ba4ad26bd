/**
 * The dataset's work, kept in IndexedDB while it is made: when a dataset opens (its fingerprint
 * is part of the opened file), the work saved for that very file is put back and said; work saved
 * for a changed file of the same name is not applied and is said; then every change is saved
 * (dataset-autosave.ts). When the dataset closes or another opens, saving it stops.
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { indexedDbAvailable } from '../../persistence/storage.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { startDatasetAutosave, describeSaveError, type DatasetAutosave } from './dataset-autosave.ts';
import { indexedDbDatasetStorage, type DatasetStorage } from './dataset-storage.ts';
import { planDatasetRestore } from './dataset-restore.ts';
import { EMPTY_WORK, isEmptyWork } from './dataset-work.ts';
import { localStorageCopy, type CopyStore } from './pagehide-copy.ts';
import { datasetPersistenceStore } from './persistence-state.ts';
import { putWorkIntoStore, storeWorkSource } from './store-work.ts';

export interface PersistenceDeps {
  storage: DatasetStorage;
  copy: CopyStore;
  available: () => boolean;
}

let deps: PersistenceDeps | undefined;
let attached: { dataset: DatasetFile; autosave: DatasetAutosave | undefined } | undefined;
let started = false;

/** Start following the open dataset (once; the dataset pipeline calls it when it loads). */
export function startDatasetPersistence(given?: Partial<PersistenceDeps>): void {
  if (started) return;
  started = true;
  deps = { storage: given?.storage ?? indexedDbDatasetStorage(), copy: given?.copy ?? localStorageCopy, available: given?.available ?? indexedDbAvailable };
  useAppStore.subscribe((state, previous) => {
    if (state.dataset !== previous.dataset) follow(state.dataset);
  });
  follow(useAppStore.getState().dataset);
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
  datasetPersistenceStore.setState({ status: null, changed: null });
  if (dataset) void attach(dataset);
}

async function attach(dataset: DatasetFile): Promise<void> {
  if (!deps) return;
  const { storage, copy } = deps;
  const entry: { dataset: DatasetFile; autosave: DatasetAutosave | undefined } = { dataset, autosave: undefined };
  attached = entry;
  const still = () => attached === entry && useAppStore.getState().dataset === dataset;
  const app = useAppStore.getState();
  if (!deps.available()) {
    datasetPersistenceStore.setState({ status: { state: 'unavailable', message: 'Edits not kept: this browser offers no IndexedDB. Save or export the file to keep them.' } });
    return;
  }
  const file = { name: dataset.name, fingerprint: dataset.fingerprint };
  datasetPersistenceStore.setState({ status: { state: 'restoring' } });
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
  datasetPersistenceStore.setState({ changed: plan.changed ?? null });
  const source = storeWorkSource(dataset.fingerprint);
  entry.autosave = startDatasetAutosave({
    file,
    storage,
    copy,
    source,
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
