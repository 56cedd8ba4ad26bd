/**
 * Keeps the dataset's view order (`setViewOrder`) in step with the search result and the filter:
 * recomputed when either changes (a new filter also runs the search again over what it shows), or when the rows do (the worker's contents arrive in batches;
 * an edit changes a record's errors). Set only when it differs, so the list does not re-render
 * for nothing.
 */
import { useEffect } from 'react';
import { needsTokens } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { resetSearch, startSearch } from '../search/search-client.ts';
import { searchStore, type SearchState } from '../search/search-store.ts';
import { startLengths } from '../lengths/lengths-client.ts';
import { lengthsStore } from '../lengths/lengths-store.ts';
import { lengthFilterOn, lengthsLookup, sortedOrder } from '../lengths/lengths-view.ts';
import { computeViewOrder, sameOrder } from './view-order.ts';
import { currentJudgedRows } from '../judged-rows.ts';
import { reviewFilterRows } from '../../review/filter-rows.ts';

function update(): void {
  const app = useAppStore.getState();
  if (!app.dataset) return;
  const search: SearchState = searchStore.getState();
  const found = search.onlyMatches ? search.result : null;
  // Lengths (lengths/): a sort or a filter by a length asks for them, and they go on arriving.
  const lengths = lengthsStore.getState();
  if (lengths.sort || lengthFilterOn(search.filter)) startLengths();
  const lengthsOf = lengthsLookup(lengths, app.datasetChanges, app.dataset.count);
  // The rows with the token rules' judgements (judged-rows.ts): the Errors filter counts them too.
  const order = sortedOrder(computeViewOrder(reviewFilterRows(currentJudgedRows(app, lengths), app.datasetChanges, search.filter), app.datasetOrder, found, search.filter, lengthsOf), app.datasetOrder, lengths.sort, lengthsOf);
  if (!sameOrder(order, app.viewOrder)) app.setViewOrder(order);
}

export function useViewOrderSync(): void {
  useEffect(() => {
    update();
    const offSearch = searchStore.subscribe((state, previous) => {
      // A search looks only at the filtered records: a new filter asks it again.
      if (state.filter !== previous.filter && state.resultQuery && state.status !== 'searching') startSearch(state.resultQuery);
      if (state.result !== previous.result || state.filter !== previous.filter || state.onlyMatches !== previous.onlyMatches) update();
    });
    const offApp = useAppStore.subscribe((state, previous) => {
      // Another file: its records are not the last one's; the search and the filters start over.
      if (state.dataset !== previous.dataset) resetSearch();
      if (state.datasetRows !== previous.datasetRows || state.datasetOrder !== previous.datasetOrder || state.dataset !== previous.dataset) update();
    });
    const offLengths = lengthsStore.subscribe((state, previous) => {
      const measured = state.fileRows !== previous.fileRows || state.textRows !== previous.textRows;
      // The token rules' judgements arrive with the lengths (judged-rows.ts): the Errors filter follows them.
      const judging = state.rules !== undefined && needsTokens(state.rules);
      if (state.sort !== previous.sort || state.rules !== previous.rules || (measured && (state.sort || judging || lengthFilterOn(searchStore.getState().filter)))) update();
    });
    return () => {
      offSearch();
      offApp();
      offLengths();
      // The tools go away with the dataset (Close): the next file starts with no search or filter.
      resetSearch();
    };
  }, []);
}
