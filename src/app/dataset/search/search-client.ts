/**
 * The page's side of the search worker: builds a request from the open dataset (the records the
 * filters let through, edited ones by their text), sends it, and keeps the search store up to
 * date. One job at a time: a new search cancels the one running. Search and replace act on what
 * the filters show: filtered to errors, "Replace all" changes only records with errors.
 */
import { compileSearch, filterOrder, type SearchQuery } from '../../../core/index.ts';
import { reviewFilterRows } from '../../review/filter-rows.ts';
import { readingRefusal, useAppStore, type AppState } from '../../store/index.ts';
import { datasetWorker } from '../open-dataset.ts';
import SearchWorker from './search.worker.ts?worker';
import { isSearchResponse, type RecordsToRead, type SearchRequest, type SearchResponse } from './search-protocol.ts';
import { searchStore, setSearchState, type PendingReplace } from './search-store.ts';
import { currentJudgedRows } from '../judged-rows.ts';

/**
 * The search's own worker: for regular expressions, and for any search when the dataset worker is
 * gone. A person's regular expression can backtrack for minutes on one line; a worker stuck in
 * one hears no Cancel and can only be ended, and ending the dataset worker would end the
 * dataset's other work. So regular expressions run here, where Cancel can end the worker.
 */
let own: Worker | undefined;
/** The job running in the own worker (undefined: none, or it answered). */
let ownJob: number | undefined;
/** How long a cancelled job may take to stop before its (own) worker is ended (ms). */
const STOP_GRACE_MS = 500;
/** Workers whose search answers are listened to. */
const listening = new WeakSet<Worker>();
/** The worker running the last job (a cancel goes there). */
let runningOn: Worker | undefined;
let job = 0;

function listen(worker: Worker): Worker {
  if (!listening.has(worker)) {
    // Added beside the dataset worker's own handler: each ignores the other's message types.
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isSearchResponse(event.data)) receive(event.data);
    });
    listening.add(worker);
  }
  return worker;
}

function ownWorker(): Worker {
  own ??= listen(new SearchWorker());
  return own;
}

function endOwnWorker(): void {
  own?.terminate();
  own = undefined;
  ownJob = undefined;
}

/** Text searches in the dataset worker (it holds the file already); regular expressions in the own one. */
function workerFor(request: Extract<SearchRequest, { query: unknown }>): Worker {
  const shared = datasetWorker();
  return request.query.regex || !shared ? ownWorker() : listen(shared);
}

function send(request: SearchRequest): void {
  if (request.type === 'search-cancel') {
    runningOn?.postMessage(request);
    if (runningOn !== undefined && runningOn === own && ownJob !== undefined) {
      const stuck = ownJob;
      setTimeout(() => {
        if (ownJob === stuck) endOwnWorker();
      }, STOP_GRACE_MS);
    }
    return;
  }
  let worker = workerFor(request);
  // The last job runs elsewhere: stop it there.
  if (runningOn && runningOn !== worker) {
    if (runningOn === own && ownJob !== undefined) endOwnWorker();
    else runningOn.postMessage({ type: 'search-cancel', job: request.job });
  }
  // A job still running in the own worker may be stuck: end that worker, start afresh.
  if (worker === own && ownJob !== undefined) {
    endOwnWorker();
    worker = ownWorker();
  }
  if (worker === own) ownJob = request.job;
  runningOn = worker;
  worker.postMessage(request);
}

/** The records a search looks at: the listed ones the filters let through, in file order. */
export function searchedIds(state: Pick<AppState, 'dataset' | 'datasetRows' | 'datasetChanges' | 'datasetOrder'>): readonly number[] {
  // The rows with the token rules' judgements (judged-rows.ts): the Errors filter counts them too.
  const { filter } = searchStore.getState();
  return filterOrder(reviewFilterRows(currentJudgedRows(state), state.datasetChanges, filter), state.datasetOrder, filter);
}

/** What the worker needs to read records `order` as they are now (commit the current record first). */
export function recordsToRead(state: Pick<AppState, 'dataset' | 'datasetChanges' | 'datasetRows'>, order: readonly number[]): RecordsToRead {
  const { dataset, datasetChanges } = state;
  if (!dataset) throw new Error('No dataset is open.');
  const { records } = dataset.index;
  const ids = Int32Array.from(order);
  const starts = new Float64Array(ids.length);
  const ends = new Float64Array(ids.length);
  const lines = new Int32Array(ids.length);
  const edited = new Map<number, string>();
  ids.forEach((id, i) => {
    lines[i] = state.datasetRows[id]?.line ?? 1;
    const text = datasetChanges.edited.get(id);
    if (text !== undefined) {
      edited.set(id, text);
      return;
    }
    const original = id < dataset.count ? id : (datasetChanges.copies.get(id) as number);
    starts[i] = records.start(original);
    ends[i] = records.end(original);
  });
  return { file: dataset.source, ids, starts, ends, lines, edited };
}

let pendingBasis: { query: SearchQuery; template: string; state: AppState } | undefined;
/** The query of the search running: the box may have changed since. */
let searched: SearchQuery | undefined;

/** A search asked for while the rows were read: run when every row is there. */
let searchAfterReading: SearchQuery | undefined;

useAppStore.subscribe((state, previous) => {
  if (previous.datasetReading && !state.datasetReading && state.dataset && searchAfterReading) {
    const query = searchAfterReading;
    searchAfterReading = undefined;
    if (searchStore.getState().query === query) startSearch(query);
  } else if (state.dataset !== previous.dataset && !state.datasetReading) searchAfterReading = undefined;
});

export function startSearch(query: SearchQuery = searchStore.getState().query): void {
  useAppStore.getState().commitCurrent();
  const state = useAppStore.getState();
  if (!state.dataset || query.pattern === '') return clearSearch();
  // A search over the rows read so far would look whole: it runs once every row is read.
  const refusal = readingRefusal(state, 'Search');
  if (refusal) {
    searchAfterReading = query;
    setSearchState({ status: 'failed', progress: null, error: refusal, pending: null });
    return;
  }
  // A mistake in the qualifiers or the expression is told at once, without a trip to the worker.
  const compiled = compileSearch(query);
  if (!compiled.ok) {
    if (runningOn) cancelSearch();
    setSearchState({ status: 'failed', progress: null, error: compiled.error, pending: null });
    return;
  }
  job++;
  searched = query;
  const ids = searchedIds(state);
  setSearchState({ status: 'searching', progress: { done: 0, total: ids.length }, error: null, pending: null });
  send({ type: 'search-find', job, query, records: recordsToRead(state, ids) });
}

/** Computes the replace (counts and new texts) without applying it: the bar asks for confirmation. */
export function planReplaceAll(): void {
  useAppStore.getState().commitCurrent();
  const state = useAppStore.getState();
  const { query, template } = searchStore.getState();
  if (!state.dataset || query.pattern === '') return;
  const refusal = readingRefusal(state, 'Replace');
  if (refusal) {
    setSearchState({ status: 'failed', progress: null, error: refusal, pending: null });
    return;
  }
  job++;
  pendingBasis = { query, template, state };
  const ids = searchedIds(state);
  setSearchState({ status: 'planning', progress: { done: 0, total: ids.length }, error: null, pending: null });
  send({ type: 'search-replace', job, query, template, records: recordsToRead(state, ids) });
}

export function cancelSearch(): void {
  job++;
  send({ type: 'search-cancel', job });
  setSearchState({ status: 'idle', progress: null });
}

export function clearSearch(): void {
  if (runningOn) cancelSearch();
  setSearchState({ status: 'idle', progress: null, result: null, resultQuery: null, resultReplaced: false, error: null, pending: null });
}

/** For another dataset: no result, no filter, no replace pending (the words typed stay). */
export function resetSearch(): void {
  clearSearch();
  setSearchState({ filter: {}, applied: null });
}

/** Applies the confirmed replace as one undoable dataset step; the list keeps showing the records it changed. */
export function applyPendingReplace(): void {
  const { pending } = searchStore.getState();
  if (!pending) return;
  const state = useAppStore.getState();
  state.commitCurrent();
  if (useAppStore.getState().datasetChanges !== pending.basis) {
    setSearchState({ pending: null, error: 'The dataset changed since the replace was counted: count it again.' });
    return;
  }
  const label = `Replace “${pending.query.pattern}” with “${pending.template}” in ${plural(pending.changes.size, 'record')}`;
  useAppStore.getState().applyBulkEdit(pending.changes, label, pending.contents);
  setSearchState({ pending: null, applied: label, resultReplaced: true });
}

/** Undoes the replace just applied (only while it is the dataset's last step). */
export function undoReplace(): void {
  const { applied } = searchStore.getState();
  const past = useAppStore.getState().datasetPast;
  if (!applied || past[past.length - 1]?.label !== applied) return;
  useAppStore.getState().datasetUndo();
  setSearchState({ applied: null });
  const { resultQuery } = searchStore.getState();
  if (resultQuery) startSearch(resultQuery);
}

/** `1 record`, `2 records`; `many` for a word whose plural is not word + s (`matches`). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? word : many}`;
}

function receive(message: SearchResponse): void {
  if (message.job === ownJob && message.type !== 'search-progress') ownJob = undefined;
  if (message.job !== job) return;
  switch (message.type) {
    case 'search-progress':
      setSearchState({ progress: { done: message.done, total: message.total } });
      return;
    case 'search-found':
      setSearchState({ status: 'done', progress: null, result: message.result, resultQuery: searched ?? null, resultReplaced: false });
      return;
    case 'search-planned': {
      const basis = pendingBasis;
      if (!basis) return;
      const pending: PendingReplace = { ...message.plan, query: basis.query, template: basis.template, basis: basis.state.datasetChanges };
      setSearchState({ status: 'done', progress: null, pending });
      return;
    }
    case 'search-cancelled':
      setSearchState({ status: 'idle', progress: null });
      return;
    case 'search-failed':
      setSearchState({ status: 'failed', progress: null, error: message.error });
      return;
  }
}
