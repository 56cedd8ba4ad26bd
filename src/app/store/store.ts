/**
 * One zustand store built from slices (zustand's slices pattern). Middleware (undo history,
 * persistence) is applied once, here, on the combined store.
 */
import { create } from 'zustand';
import { createDocumentSlice, type DocumentSlice } from './document-slice.ts';
import { createSelectionSlice, type SelectionSlice } from './selection-slice.ts';
import { createViewSlice, type ViewSlice } from './view-slice.ts';

export type AppState = DocumentSlice & SelectionSlice & ViewSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createDocumentSlice(...a),
  ...createSelectionSlice(...a),
  ...createViewSlice(...a),
}));
