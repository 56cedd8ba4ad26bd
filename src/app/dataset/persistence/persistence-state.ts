/**
 * What the dataset's saving shows (DatasetSaveStatus.tsx): the save status of the work on the
 * open dataset, and a file of the same name whose saved work was not applied because the file
 * changed. Apart from the app store: it is about storage, not the dataset, and must not enter
 * undo history.
 */
import { createStore, useStore } from 'zustand';
import type { SaveStatus } from '../../store/index.ts';
import type { ChangedFile } from './dataset-restore.ts';

export interface DatasetPersistenceState {
  /** Null while no dataset is open (or before its fingerprint is known). */
  status: SaveStatus | null;
  changed: ChangedFile | null;
}

export const datasetPersistenceStore = createStore<DatasetPersistenceState>()(() => ({ status: null, changed: null }));

export function useDatasetPersistence<T>(select: (state: DatasetPersistenceState) => T): T {
  return useStore(datasetPersistenceStore, select);
}
