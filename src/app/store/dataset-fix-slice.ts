/**
 * "Fix all of this kind" across the open dataset, as a store action other features can call
 * (the Fix buttons, a validation summary): count the records and places that have a fix of one
 * id, or apply it to all of them as ONE dataset-level undo step (`applyBulkEdit`). The work runs
 * in the dataset worker (src/app/dataset/fix-logic.ts), with progress and cancel in
 * `datasetTask`; the current record's unsaved edit is included. The worker is reached through
 * a runner the dataset pipeline registers (src/app/dataset/open-dataset.ts): the store is
 * start-up code and knows no worker.
 */
import type { StateCreator } from 'zustand';
import type { FixItems, FixMode, FixOutcome } from '../dataset/fix-logic.ts';
import { requireEngine } from './dataset-slice.ts';
import { fixViewOf, type FixView } from './fix-diagnose.ts';
import type { AppState } from './store.ts';

/** A long dataset operation under way: what it is, how far, and how to stop it. */
export interface DatasetTask {
  label: string;
  done: number;
  total: number;
  cancel: () => void;
}

export interface FixKindInput extends FixItems {
  mode: FixMode;
  fixId: string;
  view: FixView;
}

/** Runs a count or an apply in the worker; `result` is null when cancelled. */
export type DatasetFixRunner = (input: FixKindInput, onProgress: (done: number, total: number) => void) => { result: Promise<FixOutcome | null>; cancel: () => void };

/** What a count found, or an apply changed. */
export interface FixAcrossResult {
  records: number;
  places: number;
}

export interface DatasetFixSlice {
  datasetTask: DatasetTask | null;
  /**
   * Count (`'count'`) or apply (`'apply'`, one undo step called "Fix all: `label`") the fixes of
   * `fixId` in every listed record, checked with the format and options shown. Null when it was
   * cancelled; throws (apply) when the dataset changed while it ran, applying nothing.
   */
  fixAcrossDataset: (fixId: string, mode: FixMode, label?: string) => Promise<FixAcrossResult | null>;
}

let runner: DatasetFixRunner | undefined;

export function registerDatasetFixRunner(value: DatasetFixRunner): void {
  runner = value;
}

/** The listed records in file order, with the texts of edited ones and the current record's unsaved edit. */
export function fixItems(state: AppState): FixItems {
  const { dataset, datasetOrder, datasetRows, datasetChanges, datasetLoaded } = state;
  if (!dataset) throw new Error('No dataset is open.');
  const texts = new Map<number, string>();
  if (datasetLoaded?.ok && state.record !== datasetLoaded.record) {
    texts.set(datasetLoaded.id, requireEngine().encode(state.record, datasetLoaded.dialect, datasetLoaded.json, datasetLoaded.text));
  }
  const n = datasetOrder.length;
  const ids = new Int32Array(n);
  const sources = new Int32Array(n);
  const lines = new Int32Array(n);
  datasetOrder.forEach((id, k) => {
    ids[k] = id;
    lines[k] = datasetRows[id]?.line ?? 0;
    const text = texts.get(id) ?? datasetChanges.edited.get(id);
    if (text !== undefined) {
      texts.set(id, text);
      sources[k] = -1;
    } else sources[k] = id < dataset.count ? id : (datasetChanges.copies.get(id) ?? -1);
  });
  return { ids, sources, lines, texts };
}

export const createDatasetFixSlice: StateCreator<AppState, [], [], DatasetFixSlice> = (set, get) => ({
  datasetTask: null,
  fixAcrossDataset: async (fixId, mode, label = fixId) => {
    const state = get();
    if (!state.dataset) throw new Error('No dataset is open.');
    if (!runner) throw new Error('The dataset pipeline is not loaded (registerDatasetFixRunner was not called).');
    // One task at a time: a new one replaces one still running.
    state.datasetTask?.cancel();
    const items = fixItems(state);
    const running = runner({ ...items, mode, fixId, view: fixViewOf(state) }, (done, total) => {
      const task = get().datasetTask;
      if (task?.cancel === running.cancel) set({ datasetTask: { ...task, done, total } });
    });
    const taskLabel = `${mode === 'count' ? 'Counting' : 'Fixing'}: ${label}`;
    set({ datasetTask: { label: taskLabel, done: 0, total: items.ids.length, cancel: running.cancel } });
    let outcome: FixOutcome | null;
    try {
      outcome = await running.result;
    } finally {
      if (get().datasetTask?.cancel === running.cancel) set({ datasetTask: null });
    }
    if (outcome === null) return null;
    if (mode === 'apply' && outcome.texts.size > 0) {
      // The texts were fixed from the state the request was made in: anything changed since would be overwritten.
      const now = get();
      const typedSince = now.record !== state.record && now.datasetLoaded?.ok === true && now.record !== now.datasetLoaded.record;
      if (now.dataset !== state.dataset || now.datasetChanges !== state.datasetChanges || now.datasetOrder !== state.datasetOrder || typedSince) {
        throw new Error('The dataset changed while the fixes were being made. Nothing was changed; try again.');
      }
      now.applyBulkEdit(outcome.texts, `Fix all: ${label}`, outcome.contents);
    }
    return { records: outcome.records, places: outcome.places };
  },
});
