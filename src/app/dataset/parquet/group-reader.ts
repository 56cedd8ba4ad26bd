/**
 * The second reader of a local Parquet dataset (read-parquet.ts GroupReader), in a worker the
 * dataset worker starts (group-reader.worker.ts): so that reading its rows uses both cores.
 * Only for local files (Blobs: reading them twice at once costs no download) of more than
 * one row group, on a machine of more than one core, where the worker can start workers.
 */
import type { LineChunk } from '../../../core/index.ts';
import type { FromGroupReader, ToGroupReader } from './group-reader-protocol.ts';
import type { GroupReader } from './read-parquet.ts';
import { isRemote, type ShardSpec } from './shards.ts';

export interface WorkerGroupReader extends GroupReader {
  /** Ends the worker: requests not answered yet fail. */
  end(): void;
}

/** Whether a second reader is worth starting: local files, more than one row group, more than one core, and Worker available here. */
export function wantsGroupReader(shards: readonly ShardSpec[], rowGroups: number, cores: number): boolean {
  return !isRemote(shards) && rowGroups > 1 && cores > 1 && typeof Worker !== 'undefined';
}

/** A GroupReader over a Worker that answers group-reader-protocol.ts (made by `start`). */
export function workerGroupReader(worker: Worker, shards: ShardSpec[], columns: string[]): WorkerGroupReader {
  const waiting = new Map<number, { resolve: (chunks: LineChunk[]) => void; reject: (error: Error) => void }>();
  const failAll = (message: string): void => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<FromGroupReader>) => {
    const message = event.data;
    const asker = waiting.get(message.group);
    waiting.delete(message.group);
    if (message.type === 'lines') asker?.resolve(message.chunks);
    else asker?.reject(new Error(message.message));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'the reading worker stopped');
  };
  worker.postMessage({ type: 'open', shards, columns } satisfies ToGroupReader);
  return {
    read: (group) =>
      new Promise<LineChunk[]>((resolve, reject) => {
        waiting.set(group, { resolve, reject });
        worker.postMessage({ type: 'read', group } satisfies ToGroupReader);
      }),
    end: () => {
      worker.terminate();
      failAll('the reading worker was ended');
    },
  };
}

/** Starts the reading worker (from the dataset worker). */
export function startGroupReader(shards: ShardSpec[], columns: string[]): WorkerGroupReader {
  const worker = new Worker(new URL('./group-reader.worker.ts', import.meta.url), { type: 'module', name: 'parley-parquet-reader' });
  return workerGroupReader(worker, shards, columns);
}
