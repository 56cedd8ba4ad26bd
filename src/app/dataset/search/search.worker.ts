/**
 * The search's own worker, for regular expressions (a runaway pattern is stopped by ending this
 * worker, not the dataset's) and for when the dataset worker is gone: the same handler as the
 * dataset worker's (worker-handler.ts).
 */
/// <reference lib="webworker" />
import { createSearchHandler } from './worker-handler.ts';
import { isSearchRequest, type SearchResponse } from './search-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const handle = createSearchHandler((message: SearchResponse) => self.postMessage(message));

self.onmessage = (event: MessageEvent<unknown>) => {
  if (isSearchRequest(event.data)) handle(event.data);
};
