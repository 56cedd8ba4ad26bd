/**
 * One zustand store built from slices (zustand's slices pattern). Middleware is applied once,
 * here, on the combined store: zundo's `temporal` keeps the undo history of `record` only.
 * Autosave is a subscriber (src/app/persistence), not a middleware: it needs async IndexedDB,
 * debouncing and page-lifecycle flushing, which a synchronous `set` wrapper cannot give.
 */
import { create } from 'zustand';
import { temporal } from 'zundo';
import { createDatasetFixSlice, type DatasetFixSlice } from './dataset-fix-slice.ts';
import { createDatasetSlice, setRecordHistoryClearer, type DatasetSlice } from './dataset-slice.ts';
import { createDocumentSlice, type DocumentSlice } from './document-slice.ts';
import { createMaskSlice, type MaskSlice } from './mask-slice.ts';
import { createSelectionSlice, type SelectionSlice } from './selection-slice.ts';
import { createSessionSlice, type SessionSlice } from './session-slice.ts';
import { createViewSlice, type ViewSlice } from './view-slice.ts';
import { coalescingHandleSet, HISTORY_LIMIT, type TrackedState } from './history.ts';

export type AppState = DocumentSlice & SelectionSlice & ViewSlice & SessionSlice & DatasetSlice & DatasetFixSlice & MaskSlice;

export const useAppStore = create<AppState>()(
  temporal<AppState, [], [], TrackedState>(
    (...a) => ({
      ...createDocumentSlice(...a),
      ...createSelectionSlice(...a),
      ...createViewSlice(...a),
      ...createSessionSlice(...a),
      ...createDatasetSlice(...a),
      ...createDatasetFixSlice(...a),
      ...createMaskSlice(...a),
    }),
    {
      partialize: (state) => ({ record: state.record }),
      // Only a change of the record is a step (selection, theme, save status are not).
      equality: (past, current) => past.record === current.record,
      limit: HISTORY_LIMIT,
      handleSet: (handleSet) => coalescingHandleSet(handleSet),
    },
  ),
);

// Moving to another record of a dataset starts that record's history afresh (dataset-slice.ts).
setRecordHistoryClearer(() => useAppStore.temporal.getState().clear());

type Listener = (state: AppState, previous: AppState) => void;
const firstListeners = new Set<Listener>();
// Subscribed here, as the store is made: zustand calls its subscribers in the order they came, and
// every other module subscribes after importing this one, so these run before all of them.
useAppStore.subscribe((state, previous) => firstListeners.forEach((listener) => listener(state, previous)));

/**
 * Subscribes `listener` ahead of every ordinary subscriber (the previews, autosave, the editors'
 * React components), whenever it subscribes. For work handed to another thread on a change: the
 * token client posts its request first, so that the worker counts while the page does the rest of
 * the keystroke (at 2,000 messages, ~5 ms of other subscribers came before it). Returns the
 * unsubscribe.
 */
export function subscribeFirst(listener: Listener): () => void {
  firstListeners.add(listener);
  return () => firstListeners.delete(listener);
}
