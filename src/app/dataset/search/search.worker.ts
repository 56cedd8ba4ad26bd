/**
 * The search worker: runs searches and replace plans over a dataset (run-search.ts) off the
 * page's thread, one job at a time; a new job or a cancel stops the one running.
 */
import { runSearch } from './run-search.ts';
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

let running: { job: number; controller: AbortController } | undefined;

function post(message: SearchResponse): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  running?.controller.abort();
  running = undefined;
  if (request.type === 'cancel') {
    post({ type: 'cancelled', job: request.job });
    return;
  }
  const controller = new AbortController();
  const job = { job: request.job, controller };
  running = job;
  let lastPost = 0;
  runSearch(
    request,
    (done, total) => {
      // At most ~10 progress messages a second: the page re-renders on each.
      const now = Date.now();
      if (done < total && now - lastPost < 100) return;
      lastPost = now;
      post({ type: 'progress', job: request.job, done, total });
    },
    controller.signal,
  ).then(
    (result) => {
      if (running === job) running = undefined;
      if (result.type === 'searched') post({ type: 'searched', job: request.job, result: result.result });
      else if (result.type === 'planned') post({ type: 'planned', job: request.job, plan: result.plan });
      else if (result.type === 'failed') post({ type: 'failed', job: request.job, error: result.error });
      else post({ type: 'cancelled', job: request.job });
    },
    (failure: unknown) => post({ type: 'failed', job: request.job, error: failure instanceof Error ? failure.message : String(failure) }),
  );
};
