/**
 * What the dataset's saving shows (DatasetSaveStatus.tsx): the save status of the work on the
 * open dataset, and a file of the same name whose saved work was not applied because the file
 * changed. Apart from the app store: it is about storage, not the dataset, and must not enter
 * undo history.
 */
import { createStore, useStore } from 'zustand';
import type { SaveStatus } from '../../store/index.ts';
import type { ChangedFile } from './dataset-restore.ts';
import type { KeptWork } from './dataset-storage.ts';

export interface DatasetPersistenceState {
  /** Null while no dataset is open (or before its fingerprint is known). */
  status: SaveStatus | null;
  changed: ChangedFile | null;
  /** Another tab saved work on this file since this tab read it: saving waits for the person's choice. */
  conflict: boolean;
  /** Recovery copies of work on this file not kept after such a choice (dataset-storage.ts). */
  kept: KeptWork[];
}

export const datasetPersistenceStore = createStore<DatasetPersistenceState>()(() => ({ status: null, changed: null, conflict: false, kept: [] }));

export function useDatasetPersistence<T>(select: (state: DatasetPersistenceState) => T): T {
  return useStore(datasetPersistenceStore, select);
}
