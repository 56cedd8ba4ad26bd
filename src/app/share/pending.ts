/**
 * A share link waiting for the person's answer ("Open the shared conversation?"). Kept apart from
 * link.ts (which loads fflate) so that the app shell can know whether to show the question
 * without loading the share code at start-up.
 */
import { createStore, useStore } from 'zustand';
import type { SharePayload } from './codec.ts';

export interface PendingShare {
  payload: SharePayload;
  /** Opening it replaces the person's own conversation (one undo step brings it back). */
  replacesOwnWork: boolean;
  /**
   * The Jinja template the link would run, when it is not the one the person already has: shown
   * in full before anything runs it (a template can be slow or never end).
   */
  template: string | undefined;
}

export const pendingShareStore = createStore<{ pending: PendingShare | null }>()(() => ({ pending: null }));

export function usePendingShare(): PendingShare | null {
  return useStore(pendingShareStore, (state) => state.pending);
}
