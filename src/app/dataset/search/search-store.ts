/**
 * The state of the dataset's search, replace and filters (the bars' state, not the dataset's):
 * what is searched, how far the worker is, what it found, the replace waiting for confirmation,
 * and the filter. Kept apart from the app store: none of it is saved or undone.
 */
import { createStore, useStore } from 'zustand';
import type { RecordFilter, SearchQuery } from '../../../core/index.ts';
import type { DatasetChanges } from '../../store/index.ts';
import type { ReplaceFound, SearchFound } from './search-protocol.ts';

export type SearchStatus = 'idle' | 'searching' | 'planning' | 'done' | 'failed';

/** A replace computed but not applied: its counts are shown for confirmation. */
export interface PendingReplace extends ReplaceFound {
  query: SearchQuery;
  template: string;
  /** The dataset's changes it was computed from: any edit since makes it stale. */
  basis: DatasetChanges;
}

export interface SearchState {
  query: SearchQuery;
  template: string;
  status: SearchStatus;
  progress: { done: number; total: number } | null;
  /** The last search's result, for `resultQuery`. */
  result: SearchFound | null;
  resultQuery: SearchQuery | null;
  /** The result is from before a replace: its records are still listed (to review the change), its matches are gone. */
  resultReplaced: boolean;
  error: string | null;
  pending: PendingReplace | null;
  /** The label of the last replace applied (its undo step), while it is the last step. */
  applied: string | null;
  /** The list shows only the records the search found. */
  onlyMatches: boolean;
  filter: RecordFilter;
}

export const INITIAL_SEARCH: SearchState = {
  query: { pattern: '', regex: false, caseSensitive: false },
  template: '',
  status: 'idle',
  progress: null,
  result: null,
  resultQuery: null,
  resultReplaced: false,
  error: null,
  pending: null,
  applied: null,
  onlyMatches: true,
  filter: {},
};

export const searchStore = createStore<SearchState>()(() => INITIAL_SEARCH);

export function useSearchState<T>(select: (state: SearchState) => T): T {
  return useStore(searchStore, select);
}

export function setSearchState(patch: Partial<SearchState>): void {
  searchStore.setState(patch);
}
