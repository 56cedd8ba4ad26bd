/**
 * Undo and redo, callable from anywhere (toolbar, shortcuts, tests). The record's own history
 * comes first; when it is empty and a dataset is open, the dataset's last step (a bulk edit, a
 * delete, a duplicate: dataset-slice.ts) is undone, and the person is told which.
 */
import { useStore } from 'zustand';
import { breakCoalescing } from './history.ts';
import { useAppStore } from './store.ts';

export function undo(): void {
  breakCoalescing();
  const history = useAppStore.temporal.getState();
  if (history.pastStates.length > 0) return history.undo();
  const label = useAppStore.getState().datasetUndo();
  if (label !== undefined) useAppStore.getState().showNotice({ tone: 'info', title: `Undone: ${label}.` });
}

export function redo(): void {
  breakCoalescing();
  const history = useAppStore.temporal.getState();
  if (history.futureStates.length > 0) return history.redo();
  const label = useAppStore.getState().datasetRedo();
  if (label !== undefined) useAppStore.getState().showNotice({ tone: 'info', title: `Redone: ${label}.` });
}

/** Forget the record's history (after restoring the saved record at start-up: undo must not go before it). */
export function clearHistory(): void {
  breakCoalescing();
  useAppStore.temporal.getState().clear();
}

export function useCanUndo(): boolean {
  const record = useStore(useAppStore.temporal, (state) => state.pastStates.length > 0);
  const dataset = useAppStore((state) => state.datasetPast.length > 0);
  return record || dataset;
}

export function useCanRedo(): boolean {
  const record = useStore(useAppStore.temporal, (state) => state.futureStates.length > 0);
  const dataset = useAppStore((state) => state.datasetFuture.length > 0);
  return record || dataset;
}
