/**
 * What the dataset worker does, as plain functions over byte sources (testable in Node without
 * a Worker): index and fingerprint a stream of chunks, then decode and summarise every record
 * from large slices of the file.
 */
import { JsonArrayScanner, JsonlIndexer, StreamingHash, type DatasetIndex, type FileFingerprint, type RecordDecodeResult } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';
import type { DatasetFormat } from './protocol.ts';

/** Progress is reported at most this often (ms): a message per chunk would flood the page. */
export const PROGRESS_INTERVAL_MS = 100;

export interface Indexed {
  index: DatasetIndex;
  fingerprint: FileFingerprint;
}

/** Indexes `chunks` (any boundaries) and hashes every byte in the same pass. */
export async function indexChunks(chunks: AsyncIterable<Uint8Array>, format: DatasetFormat, onProgress: (bytes: number) => void, now: () => number = Date.now): Promise<Indexed> {
  const scanner = format === 'jsonl' ? new JsonlIndexer() : new JsonArrayScanner();
  const hash = new StreamingHash();
  let bytes = 0;
  let reported = now();
  for await (const chunk of chunks) {
    scanner.push(chunk);
    hash.update(chunk);
    bytes += chunk.length;
    if (now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = now();
      onProgress(bytes);
    }
  }
  onProgress(bytes);
  const index = scanner.finish();
  return { index, fingerprint: { size: bytes, hash: hash.digest() } };
}

/** A ReadableStream's chunks as an async iterable (not every browser's streams are iterable yet). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Bytes read from the file at once in the second pass: large reads, few of them; a longer record is read alone. */
export const CHECK_WINDOW_BYTES = 8 * 1024 * 1024;
/**
 * Rows sent to the page in one message. Each message replaces the page's array of rows (and the
 * summaries recount them): with 100,000 records, batches of 2,000 left ~30 MB more garbage at
 * the peak of opening than batches of 10,000 (483 against 446 MB for all of Chromium, the
 * target being 498). A batch still comes about every half second.
 */
export const CONTENT_BATCH = 10000;

export interface CheckOptions {
  /** Bytes [start, end) of the file. */
  read: (start: number, end: number) => Promise<Uint8Array>;
  decode: (bytes: Uint8Array, line: number) => RecordDecodeResult;
  content: (result: RecordDecodeResult) => RowContent;
  /** Rows `from`, `from + 1`, … decoded (blank entries get `{}`). */
  emit: (from: number, contents: RowContent[]) => void;
  onProgress: (records: number) => void;
  line: (i: number) => number;
  windowBytes?: number;
  batch?: number;
  now?: () => number;
  /** Checked between windows: stop when true. */
  cancelled?: () => boolean;
}

/** Decodes and summarises every record of `index`, reading the file a window at a time. */
export async function checkRecords(index: DatasetIndex, options: CheckOptions): Promise<void> {
  const { records } = index;
  const windowBytes = options.windowBytes ?? CHECK_WINDOW_BYTES;
  const batch = options.batch ?? CONTENT_BATCH;
  const now = options.now ?? Date.now;
  let pending: RowContent[] = [];
  let pendingFrom = 0;
  let reported = now();
  let i = 0;
  while (i < records.count) {
    if (options.cancelled?.()) return;
    // The window: records i … j-1, from the start of i to the end of j-1, within windowBytes (at least one record).
    const start = records.start(i);
    let j = i + 1;
    while (j < records.count && records.end(j) - start <= windowBytes) j++;
    const bytes = await options.read(start, records.end(j - 1));
    for (let k = i; k < j; k++) {
      const content = records.blank(k) ? {} : options.content(options.decode(bytes.subarray(records.start(k) - start, records.end(k) - start), options.line(k)));
      pending.push(content);
      if (pending.length >= batch) {
        options.emit(pendingFrom, pending);
        pendingFrom = k + 1;
        pending = [];
      }
    }
    i = j;
    if (now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = now();
      options.onProgress(i);
    }
  }
  if (pending.length > 0) options.emit(pendingFrom, pending);
  options.onProgress(records.count);
}
