import type { StateCreator } from 'zustand';
import type { FieldPath } from '../../core/index.ts';
import type { AppState } from './store.ts';

export interface SelectionSlice {
  /** The form field that has focus, highlighted in the preview. */
  focusedPath: FieldPath | null;
  setFocusedPath: (path: FieldPath | null) => void;
  /**
   * A request to show and focus the form field at `path` (from a click in the preview or a
   * diagnostic). `nonce` changes on every request so that the same path can be asked twice.
   */
  revealRequest: { path: FieldPath; nonce: number } | null;
  reveal: (path: FieldPath) => void;
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set, get) => ({
  focusedPath: null,
  setFocusedPath: (focusedPath) => set({ focusedPath }),
  revealRequest: null,
  reveal: (path) => set({ revealRequest: { path, nonce: (get().revealRequest?.nonce ?? 0) + 1 } }),
});
