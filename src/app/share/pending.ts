/**
 * A share link waiting for the person's answer ("Open the shared conversation?"). Kept apart from
 * link.ts (which loads fflate) so that the app shell can know whether to show the question
 * without loading the share code at start-up.
 */
import { createStore, useStore } from 'zustand';
import type { SharePayload } from './codec.ts';

export const pendingShareStore = createStore<{ pending: SharePayload | null }>()(() => ({ pending: null }));

export function usePendingShare(): SharePayload | null {
  return useStore(pendingShareStore, (state) => state.pending);
}
