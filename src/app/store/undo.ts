/** Undo and redo of the record, callable from anywhere (toolbar, shortcuts, tests). */
import { useStore } from 'zustand';
import { breakCoalescing } from './history.ts';
import { useAppStore } from './store.ts';

export function undo(): void {
  breakCoalescing();
  useAppStore.temporal.getState().undo();
}

export function redo(): void {
  breakCoalescing();
  useAppStore.temporal.getState().redo();
}

/** Forget the history (after restoring the saved record at start-up: undo must not go before it). */
export function clearHistory(): void {
  breakCoalescing();
  useAppStore.temporal.getState().clear();
}

export function useCanUndo(): boolean {
  return useStore(useAppStore.temporal, (state) => state.pastStates.length > 0);
}

export function useCanRedo(): boolean {
  return useStore(useAppStore.temporal, (state) => state.futureStates.length > 0);
}
