/**
 * The worker's side of a search (search-protocol.ts): one job at a time, a new job or a cancel
 * stopping the one running, progress at most ten times a second. Used by the dataset worker,
 * which passes search messages on, and by the search's own worker.
 */
import { runSearch } from './run-search.ts';
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

/** Progress messages at most this often (ms): the page re-renders on each. */
const PROGRESS_INTERVAL_MS = 100;

export function createSearchHandler(post: (message: SearchResponse) => void): (request: SearchRequest) => void {
  let running: { job: number; controller: AbortController } | undefined;
  return (request) => {
    running?.controller.abort();
    running = undefined;
    if (request.type === 'search-cancel') {
      post({ type: 'search-cancelled', job: request.job });
      return;
    }
    const job = { job: request.job, controller: new AbortController() };
    running = job;
    let lastPost = 0;
    const onProgress = (done: number, total: number): void => {
      const now = Date.now();
      if (done < total && now - lastPost < PROGRESS_INTERVAL_MS) return;
      lastPost = now;
      post({ type: 'search-progress', job: request.job, done, total });
    };
    runSearch(request, onProgress, job.controller.signal).then(
      (result) => {
        if (running === job) running = undefined;
        if (result.type === 'searched') post({ type: 'search-found', job: request.job, result: result.result });
        else if (result.type === 'planned') post({ type: 'search-planned', job: request.job, plan: result.plan });
        else if (result.type === 'failed') post({ type: 'search-failed', job: request.job, error: result.error });
        else post({ type: 'search-cancelled', job: request.job });
      },
      (failure: unknown) => post({ type: 'search-failed', job: request.job, error: failure instanceof Error ? failure.message : String(failure) }),
    );
  };
}
