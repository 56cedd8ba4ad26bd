/**
 * Leaving dataset mode (the panel's Close, New, an example, a share link, opening another file
 * or pasted text) may lose the dataset's changes: ask first when there are any, with one
 * question for all of them. The current record's unsaved edit counts (it is committed first, as
 * moving away would).
 */
import { useAppStore } from './store.ts';

let question = (): string => 'Close the dataset? Changes you have not exported will be lost.';

/**
 * What leaving asks. The dataset pipeline may set a better question, one that knows where the
 * changes are kept (say, saved in this browser); it is loaded whenever a dataset is open.
 */
export function setLeaveDatasetQuestion(value: () => string): void {
  question = value;
}

/** Whether the open dataset has changes (the current record's edit included); false when none is open. */
export function datasetHasChanges(): boolean {
  const state = useAppStore.getState();
  if (!state.dataset) return false;
  state.commitCurrent();
  const { edited, deleted, inserted } = useAppStore.getState().datasetChanges;
  return edited.size + deleted.size + inserted.size > 0;
}

/** True when dataset mode may be left: no dataset, no changes, or the person said yes (else a notice says what was kept). */
export function confirmLeaveDataset(confirm: (text: string) => boolean = (text) => globalThis.confirm(text)): boolean {
  if (!datasetHasChanges() || confirm(question())) return true;
  useAppStore.getState().showNotice({ tone: 'info', title: 'Kept the dataset and its changes.' });
  return false;
}
