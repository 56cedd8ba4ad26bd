/**
 * The Parquet reading worker (group-reader-protocol.ts): started by the dataset worker to read
 * every other row group of a local Parquet dataset on the second core. Each row group asked
 * for is made into JSON Lines by core's ParquetShards.groupLines (the same bytes the dataset
 * worker makes) and sent back, its buffers transferred.
 */
/// <reference lib="webworker" />
import type { LineChunk, ParquetShards } from '../../../core/index.ts';
import type { FromGroupReader, ToGroupReader } from './group-reader-protocol.ts';
import { LINE_CHUNK_BYTES } from './read-parquet.ts';
import { openShards } from './shards.ts';

declare const self: DedicatedWorkerGlobalScope;

let opened: Promise<ParquetShards> | undefined;

const post = (message: FromGroupReader, transfer: Transferable[] = []): void => self.postMessage(message, transfer);

async function read(group: number): Promise<void> {
  if (!opened) throw new Error('the reading worker was given no files');
  const shards = await opened;
  const chunks: LineChunk[] = [];
  for await (const chunk of shards.groupLines(group, LINE_CHUNK_BYTES)) chunks.push(chunk);
  // Each chunk is fresh memory (groupLines): its buffer can be given away.
  post({ type: 'lines', group, chunks }, chunks.map((chunk) => chunk.bytes.buffer as ArrayBuffer));
}

self.onmessage = (event: MessageEvent<ToGroupReader>) => {
  const message = event.data;
  if (message.type === 'open') {
    opened = openShards(message.shards, message.columns);
    // A failure is said for each row group asked for (read below).
    opened.catch(() => undefined);
  } else {
    read(message.group).catch((thrown: unknown) => post({ type: 'failed', group: message.group, message: thrown instanceof Error ? thrown.message : String(thrown) }));
  }
};
