/**
 * The second core of bench/parquet-app.bench.ts: a worker thread doing what the app's second
 * workers do, with the app's own functions: reading every other row group of the Parquet file
 * (the reading worker, parquet/group-reader.worker.ts) and checking every other stripe of
 * records (the second checking worker, dataset.worker.ts 'check'). Started with tsx registered
 * (bench/parquet-app.bench.ts startThread).
 */
import { openAsBlob } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { RecordIndex, type LineChunk, type ParquetShards, type RecordIndexData } from '../src/core/index.ts';
import { openShards } from '../src/app/dataset/parquet/shards.ts';
import { LINE_CHUNK_BYTES } from '../src/app/dataset/parquet/read-parquet.ts';
import { checkPart } from './parquet-app-check.ts';

/** A file on disk is named by its path (a file-backed Blob cannot be posted); one in memory is posted. */
export type BlobSource = Blob | string;
export type ToThread = { id: number; type: 'open-parquet'; source: BlobSource } | { id: number; type: 'read'; group: number } | { id: number; type: 'check'; source: BlobSource; index: RecordIndexData; size: number; part: number; parts: number };
export type FromThread = { id: number; chunks?: LineChunk[]; rows?: number; error?: string };

const port = parentPort;
if (!port) throw new Error('parquet-app-thread.ts runs as a worker thread');
const blobOf = async (source: BlobSource): Promise<Blob> => (typeof source === 'string' ? openAsBlob(source) : source);
let shards: ParquetShards | undefined;

port.on('message', (message: ToThread) => {
  const answer = async (): Promise<FromThread> => {
    switch (message.type) {
      case 'open-parquet':
        shards = await openShards([{ name: 'chats.parquet', blob: await blobOf(message.source) }]);
        return { id: message.id };
      case 'read': {
        if (!shards) throw new Error('no Parquet file opened');
        const chunks: LineChunk[] = [];
        for await (const chunk of shards.groupLines(message.group, LINE_CHUNK_BYTES)) chunks.push(chunk);
        return { id: message.id, chunks };
      }
      case 'check': {
        const records = RecordIndex.fromData(message.index);
        const rows = await checkPart(await blobOf(message.source), { format: 'jsonl', records, bomLength: 0, size: message.size }, message.part, message.parts);
        return { id: message.id, rows };
      }
    }
  };
  answer().then(
    (reply) => port.postMessage(reply, (reply.chunks ?? []).map((chunk) => chunk.bytes.buffer as ArrayBuffer)),
    (thrown: unknown) => port.postMessage({ id: message.id, error: thrown instanceof Error ? thrown.message : String(thrown) } satisfies FromThread),
  );
});
