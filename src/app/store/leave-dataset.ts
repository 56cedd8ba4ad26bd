/**
 * Leaving dataset mode (the panel's Close, New, an example, a share link, opening another file
 * or pasted text) loses the dataset's changes that were not exported: ask first when there are
 * any. The current record's unsaved edit counts (it is committed first, as moving away would).
 */
import { useAppStore } from './store.ts';

/** Whether the open dataset has changes (the current record's edit included); false when none is open. */
export function datasetHasChanges(): boolean {
  const state = useAppStore.getState();
  if (!state.dataset) return false;
  state.commitCurrent();
  const { edited, deleted, inserted } = useAppStore.getState().datasetChanges;
  return edited.size + deleted.size + inserted.size > 0;
}

/** True when dataset mode may be left: no dataset, no changes, or the person said yes (else a notice says what was kept). */
export function confirmLeaveDataset(confirm: (question: string) => boolean = (question) => globalThis.confirm(question)): boolean {
  if (!datasetHasChanges() || confirm('Close the dataset? Changes you have not exported will be lost.')) return true;
  useAppStore.getState().showNotice({ tone: 'info', title: 'Kept the dataset and its changes.' });
  return false;
}
