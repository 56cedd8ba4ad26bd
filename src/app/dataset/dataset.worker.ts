/**
 * The dataset worker: indexes and fingerprints a file as it streams, then decodes and
 * summarises every record (protocol.ts), off the page's thread so that the page stays responsive
 * on a file of a gigabyte. The file and its index stay here for later requests.
 */
/// <reference lib="webworker" />
import { decodeRecordBytes, recordLine, type DatasetIndex } from '../../core/index.ts';
import { rowContent } from './row-content.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { checkRecords, indexChunks, streamChunks } from './worker-logic.ts';
import { isSearchRequest, type SearchRequest } from './search/search-protocol.ts';
import { createSearchHandler } from './search/worker-handler.ts';

declare const self: DedicatedWorkerGlobalScope;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** The open file and its index, kept for later requests (a search reads records from them). */
let current: { file: Blob; index: DatasetIndex } | undefined;

/** The open file and its index, for handlers of later requests. */
export function openFile(): { file: Blob; index: DatasetIndex } {
  if (!current) throw new Error('No file is open in the dataset worker.');
  return current;
}

async function open(file: Blob, format: 'jsonl' | 'json-array'): Promise<void> {
  const total = file.size;
  const { index, fingerprint } = await indexChunks(streamChunks(file.stream()), format, (done) => post({ type: 'progress', phase: 'indexing', done, total }));
  current = { file, index };
  const data = index.records.toData();
  const extra = index.format === 'json-array' ? { lines: index.lines, open: index.open, close: index.close, ...(index.error ? { error: index.error } : {}) } : {};
  post({ type: 'indexed', format, data, bomLength: index.bomLength, size: index.size, fingerprint, ...extra }, [data.starts.buffer, data.ends.buffer, data.flags.buffer]);
  await check(file, index);
  post({ type: 'checked' });
}

async function check(file: Blob, index: DatasetIndex): Promise<void> {
  const total = index.records.count;
  await checkRecords(index, {
    read: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
    decode: (bytes, line) => decodeRecordBytes(bytes, line),
    content: rowContent,
    emit: (from, contents) => post({ type: 'contents', from, contents }),
    onProgress: (done) => post({ type: 'progress', phase: 'checking', done, total }),
    line: (i) => recordLine(index, i),
  });
}

/** Search and replace requests (search/search-protocol.ts), answered with `search-…` messages. */
const search = createSearchHandler((message) => self.postMessage(message));

self.onmessage = (event: MessageEvent<ToWorker | SearchRequest>) => {
  const message = event.data;
  if (isSearchRequest(message)) {
    search(message);
    return;
  }
  if (message.type === 'open') {
    open(message.file, message.format).catch((thrown: unknown) => post({ type: 'failed', message: thrown instanceof Error ? thrown.message : String(thrown) }));
  }
};
