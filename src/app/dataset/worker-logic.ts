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
 * Rows sent to the page in one message: a stripe of the file's records. Each message replaces
 * the page's array of rows (and the summaries recount them): with 100,000 records, batches of
 * 2,000 left ~30 MB more garbage at the peak of opening than batches of 10,000 (483 against
 * 446 MB for all of Chromium, the target being 498). A batch still comes about every half second.
 */
export const CONTENT_BATCH = 10000;

export interface CheckOptions {
  /** Bytes [start, end) of the file; they may be overwritten by the next read (the worker reads every window into the same memory). */
  read: (start: number, end: number) => Promise<Uint8Array>;
  decode: (bytes: Uint8Array, line: number) => RecordDecodeResult;
  content: (result: RecordDecodeResult) => RowContent;
  /** Rows `from`, `from + 1`, … decoded (blank entries get `{}`): one stripe. */
  emit: (from: number, contents: RowContent[]) => void;
  /** Records of this part checked so far. */
  onProgress: (records: number) => void;
  line: (i: number) => number;
  windowBytes?: number;
  /** Records per stripe (and per message). */
  batch?: number;
  now?: () => number;
  /** Checked between windows: stop when true. */
  cancelled?: () => boolean;
  /**
   * Checking shared by `parts` workers (both cores): the records are cut into stripes of
   * `batch`, and this one checks stripes `part`, `part + parts`, … So the stripes reach the page
   * about in file order, each worker's in order, whatever their number.
   */
  part?: number;
  parts?: number;
}

/** Records of `count` in the stripes of `part` (of `parts`, `batch` records each). */
export function partSize(count: number, batch: number, part: number, parts: number): number {
  let size = 0;
  for (let from = part * batch; from < count; from += parts * batch) size += Math.min(batch, count - from);
  return size;
}

/** Decodes and summarises the records of `index` in this part's stripes, reading the file a window at a time. */
export async function checkRecords(index: DatasetIndex, options: CheckOptions): Promise<void> {
  const { records } = index;
  const windowBytes = options.windowBytes ?? CHECK_WINDOW_BYTES;
  const batch = options.batch ?? CONTENT_BATCH;
  const part = options.part ?? 0;
  const parts = options.parts ?? 1;
  const now = options.now ?? Date.now;
  let reported = now();
  let done = 0;
  for (let from = part * batch; from < records.count; from += parts * batch) {
    const to = Math.min(records.count, from + batch);
    const contents: RowContent[] = [];
    let i = from;
    while (i < to) {
      if (options.cancelled?.()) return;
      // The window: records i … j-1 of the stripe, from the start of i to the end of j-1, within windowBytes (at least one record).
      const start = records.start(i);
      let j = i + 1;
      while (j < to && records.end(j) - start <= windowBytes) j++;
      const bytes = await options.read(start, records.end(j - 1));
      for (let k = i; k < j; k++) {
        contents.push(records.blank(k) ? {} : options.content(options.decode(bytes.subarray(records.start(k) - start, records.end(k) - start), options.line(k))));
      }
      done += j - i;
      i = j;
      if (now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = now();
        options.onProgress(done);
      }
    }
    options.emit(from, contents);
  }
  options.onProgress(done);
}
