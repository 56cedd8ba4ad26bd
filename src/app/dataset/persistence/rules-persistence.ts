/**
 * The dataset's rules file, kept in the dataset's storage (dataset-storage.ts, by the file's
 * name) so that a reload of the same file checks with the same rules: restored when the dataset
 * is attached, written whenever the person loads or removes one.
 */
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { readRules } from '../rules/rules-file.ts';
import { describeSaveError } from './dataset-autosave.ts';
import type { DatasetStorage } from './dataset-storage.ts';

/** Put back the rules kept for `dataset`'s file, unless the person loaded some meanwhile. */
export async function restoreRules(storage: DatasetStorage, dataset: DatasetFile): Promise<void> {
  let saved;
  try {
    saved = await storage.rules(dataset.name);
  } catch {
    // Not read: the dataset is checked without rules, as before any were loaded; nothing is lost.
    return;
  }
  const state = useAppStore.getState();
  if (!saved || state.dataset !== dataset || state.datasetRules) return;
  const read = readRules(saved.name, saved.text);
  if (read.ok) state.setDatasetRules(read.rules);
  else state.showNotice({ tone: 'error', title: `The rules kept for ${dataset.name} were not used: ${read.message}. Load the rules file again.` });
}

/** Keeps the rules of the open dataset whenever they change (not when the dataset itself goes: they stay kept for it). */
export function followRules(storage: DatasetStorage): () => void {
  return useAppStore.subscribe((state, previous) => {
    if (state.datasetRules === previous.datasetRules || !state.dataset || state.dataset !== previous.dataset) return;
    const { name } = state.dataset;
    const rules = state.datasetRules ? { name: state.datasetRules.name, text: state.datasetRules.text } : undefined;
    storage.setRules(name, rules).catch((thrown: unknown) => {
      useAppStore.getState().showNotice({ tone: 'error', title: `The rules file of ${name} is in use but not kept in this browser: ${describeSaveError(thrown)}` });
    });
  });
}
