/**
 * The dialect the open dataset's records are read as ("Read as"), kept in the dataset's storage
 * (dataset-storage.ts) by the file's fingerprint (size and hash, files/file-memory.ts
 * `fingerprintKey`; issue 24): the same file under another name is the same file, another file
 * of the same name is not. Restored when the dataset is attached, written whenever the person
 * chooses another. A saved file has new bytes, so a new fingerprint: the choice is kept for it
 * when the person chooses again.
 */
import { findCodec } from '../../../core/index.ts';
import { fingerprintKey } from '../../files/file-memory.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { describeSaveError } from './dataset-autosave.ts';
import type { DatasetStorage } from './dataset-storage.ts';

/** Put back the dialect kept for `dataset`'s file, unless the person chose one meanwhile. */
export async function restoreReadAs(storage: DatasetStorage, dataset: DatasetFile): Promise<void> {
  let saved: string | undefined;
  try {
    saved = await storage.readAs(fingerprintKey(dataset.fingerprint));
  } catch {
    // Not read: each record is read by the dialect chosen for it, as before any was named; nothing is lost.
    return;
  }
  const state = useAppStore.getState();
  if (saved === undefined || state.dataset !== dataset || state.datasetReadAs !== null) return;
  if (findCodec(saved)) state.setDatasetReadAs(saved);
  else state.showNotice({ tone: 'error', title: `The records of ${dataset.name} were to be read as "${saved}", a dialect this version of Parley does not read: each record is read by the dialect chosen for it. Choose one under Read as.` });
}

/** Keeps the dialect of the open dataset whenever the person chooses another (not when the dataset goes: it stays kept for it). */
export function followReadAs(storage: DatasetStorage): () => void {
  return useAppStore.subscribe((state, previous) => {
    if (state.datasetReadAs === previous.datasetReadAs || !state.dataset || state.dataset !== previous.dataset) return;
    const { name, fingerprint } = state.dataset;
    storage.setReadAs(fingerprintKey(fingerprint), state.datasetReadAs ?? undefined).catch((thrown: unknown) => {
      useAppStore.getState().showNotice({ tone: 'error', title: `The dialect ${name} is read as is in use but not kept in this browser: ${describeSaveError(thrown)}` });
    });
  });
}
