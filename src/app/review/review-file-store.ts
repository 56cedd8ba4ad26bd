/**
 * The review file of the open dataset while working: what was read from one and not put on a
 * record (kept to be written back), the entries that matched no record (listed), and the
 * handle to write it back in place when it was opened through the browser's picker. The marks
 * themselves are on the dataset's rows (kept in IndexedDB with the rest of the work).
 */
import { create } from 'zustand';
import type { ReviewEntry } from '../../core/index.ts';
import type { SaveHandle } from '../dataset/save/file-access.ts';
import { NOTHING_KEPT, type KeptReview } from './review-file-io.ts';

export interface ReviewFileState {
  /** The dataset (its fingerprint hash) the rest is about: another dataset starts empty. */
  dataset: string | null;
  name: string | null;
  kept: KeptReview;
  unmatched: readonly ReviewEntry[];
  handle: SaveHandle | undefined;
}

export const EMPTY_REVIEW_FILE: ReviewFileState = { dataset: null, name: null, kept: NOTHING_KEPT, unmatched: [], handle: undefined };

export const reviewFileStore = create<ReviewFileState>(() => EMPTY_REVIEW_FILE);

/** The review file state for the dataset `hash`: empty when it was about another one. */
export function reviewFileFor(hash: string): ReviewFileState {
  const state = reviewFileStore.getState();
  return state.dataset === hash ? state : { ...EMPTY_REVIEW_FILE, dataset: hash };
}
