import type { StateCreator } from 'zustand';
import { produce, type Draft } from 'immer';
import { conversation, type ParleyRecord } from '../../core/index.ts';
import { withCoalesceKey } from './history.ts';
import type { AppState } from './store.ts';

export interface DocumentSlice {
  /** The record being edited: the only source of truth (everything shown is derived from it). */
  record: ParleyRecord;
  /** Replace the whole record (opening a file, an example, a share link). One undo step. Closes an open dataset. */
  loadRecord: (record: ParleyRecord) => void;
  /**
   * Change the record with an immer recipe. Form editors call this for every edit; a burst of
   * edits with the same `coalesceKey` (typing in one field) becomes one undo step.
   */
  edit: (recipe: (draft: Draft<ParleyRecord>) => void, coalesceKey?: string) => void;
  /**
   * Replace the record with one read back from a text view (src/app/views). A burst with the
   * same `coalesceKey` is one undo step, like typing in a field.
   */
  replaceRecord: (record: ParleyRecord, coalesceKey: string) => void;
}

export const createDocumentSlice: StateCreator<AppState, [], [], DocumentSlice> = (set, get) => ({
  record: conversation(),
  // A change without a coalesce key is an undo step of its own and ends any burst of typing (history.ts).
  // Another record from outside (a file, an example, a link, New) leaves dataset mode: the
  // editors no longer hold one of the dataset's records.
  loadRecord: (record) => {
    if (get().dataset) get().closeDataset();
    set({ record });
  },
  edit: (recipe, coalesceKey) => withCoalesceKey(coalesceKey, () => set((state) => ({ record: produce(state.record, recipe) }))),
  replaceRecord: (record, coalesceKey) => withCoalesceKey(coalesceKey, () => set({ record })),
});
