/**
 * The page's side of "fix all of this kind" in the dataset worker (protocol.ts, 'fix-kind'):
 * send the request, pass its progress on, settle with its outcome; cancel tells the worker to
 * stop and settles at once (a late answer is ignored).
 */
import type { DatasetFixRunner } from '../store/index.ts';
import type { FixOutcome } from './fix-logic.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

let nextRequest = 1;

/** The worker's interface this needs (a Worker, or a stand-in in tests). */
export type FixWorker = Pick<Worker, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

export function runFixKind(worker: FixWorker | null, ...[input, onProgress]: Parameters<DatasetFixRunner>): ReturnType<DatasetFixRunner> {
  if (!worker) return { result: Promise.reject(new Error('The dataset is no longer held by its reader; open the file again.')), cancel: () => undefined };
  const request = nextRequest++;
  let settle: (outcome: FixOutcome | null) => void = () => undefined;
  const result = new Promise<FixOutcome | null>((resolve, reject) => {
    const listener = (event: MessageEvent<FromWorker>): void => {
      const message = event.data;
      if (!('request' in message) || message.request !== request) return;
      if (message.type === 'fix-progress') {
        onProgress(message.done, message.total);
        return;
      }
      worker.removeEventListener('message', listener as EventListener);
      if (message.type === 'fix-done') resolve(message.outcome);
      else reject(new Error(message.message));
    };
    settle = (outcome) => {
      worker.removeEventListener('message', listener as EventListener);
      resolve(outcome);
    };
    worker.addEventListener('message', listener as EventListener);
  });
  const message: ToWorker = { type: 'fix-kind', request, ...input };
  worker.postMessage(message);
  return {
    result,
    cancel: () => {
      const stop: ToWorker = { type: 'cancel', request };
      worker.postMessage(stop);
      settle(null);
    },
  };
}
