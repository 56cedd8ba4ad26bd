/**
 * A dataset worker: indexes and fingerprints a file as it streams ('open'), or holds a file
 * another worker indexed ('adopt': the second checker), then checks the records of its stripes
 * with the check profile it is sent ('check', protocol.ts), off the page's thread so that the
 * page stays responsive on a file of a gigabyte. A new 'check' supersedes the one under way.
 * The file and its index stay here for later requests (search, fix all).
 */
/// <reference lib="webworker" />
import { conversationCandidates, decodeRecordBytes, decodeRecordText, dialectContextOf, encodeRecordLine, findFormat, recordLine, RECORD_BLOCK_ROWS, type DatasetIndex, type FileFingerprint, type ParquetShards } from '../../core/index.ts';
import { diagnoseForView } from '../store/fix-diagnose.ts';
import { fixAcrossRecords } from './fix-logic.ts';
import { indexFromMessage } from './index-message.ts';
import { readParquetInParts } from './parquet/read-parquet.ts';
import { startGroupReader, wantsGroupReader, type WorkerGroupReader } from './parquet/group-reader.ts';
import { isRemote, openShards, shardsSize } from './parquet/shards.ts';
import { rowContent } from './row-content.ts';
import { setWorkerProfile } from './worker-profile.ts';
import type { CheckRequest, DatasetFormat, FixKindRequest, FromWorker, OpenParquetRequest, ToWorker } from './protocol.ts';
import { CHECK_WINDOW_BYTES, checkRecords, CONTENT_BATCH, indexChunks, partSize, PROGRESS_INTERVAL_MS, streamChunks } from './worker-logic.ts';
import { WindowReader } from './window-reader.ts';
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

async function open(file: Blob, format: DatasetFormat): Promise<void> {
  const total = file.size;
  const { index, fingerprint } = await indexChunks(streamChunks(file.stream()), format, (done) => post({ type: 'progress', phase: 'indexing', done, total }));
  postIndexed(file, format, index, fingerprint);
}

/** The file is indexed: kept for later requests, its index sent to the page (arrays transferred). */
function postIndexed(file: Blob, format: DatasetFormat, index: DatasetIndex, fingerprint: FileFingerprint): void {
  current = { file, index };
  const data = index.records.toData();
  const extra = index.format === 'json-array' ? { lines: index.lines, open: index.open, close: index.close, ...(index.error ? { error: index.error } : {}) } : {};
  post({ type: 'indexed', format, data, bomLength: index.bomLength, size: index.size, fingerprint, ...extra }, [data.starts.buffer, data.ends.buffer, data.flags.buffer]);
}

/** The open Parquet dataset (its footers read), for records read on demand ('parquet-records'). */
let parquet: ParquetShards | undefined;

/**
 * A Parquet dataset (one file or the shards of a split, in order): opened from the footers,
 * said to the page at once ('parquet-opened': rows, columns, choices), then, unless it is remote
 * and the page did not choose to read it whole, read a row group at a time into the JSON Lines
 * the dataset view works on, indexed and fingerprinted in the same pass.
 */
async function openParquet(message: OpenParquetRequest, opened?: ParquetShards): Promise<void> {
  // Reading every row of a dataset opened on demand: its footers and the blocks read are kept.
  const shards = opened ?? (await openShards(message.shards, message.columns));
  parquet = shards;
  const columns = shards.conversation.names.slice();
  const reading = message.readAll || !isRemote(message.shards);
  const first = shards.sources[0];
  post({
    type: 'parquet-opened',
    rows: shards.count,
    columns,
    how: shards.conversation.how,
    candidates: first ? conversationCandidates(first.schema) : [],
    bytes: shards.conversationBytes,
    size: shardsSize(message.shards),
    reading,
  });
  if (!reading) {
    // Opened on demand: records are read when asked for ('parquet-records'), every row on 'read-all'.
    onDemand = message;
    return;
  }
  const run = { stopped: false };
  readingRun = run;
  const delay = message.groupDelayMs ?? 0;
  let reported = 0;
  // Every other row group read by a worker of its own, on the second core (parquet/group-reader.ts).
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
  let helper: WorkerGroupReader | undefined;
  try {
    helper = wantsGroupReader(message.shards, shards.groups.length, cores) ? startGroupReader(message.shards, columns) : undefined;
  } catch {
    // A browser whose workers cannot start workers: every row group is read here.
  }
  const read = await readParquetInParts(shards, {
    ...(helper ? { helper } : {}),
    // The part's arrays are copies made for it: transferred, not copied again.
    onPart: ({ jsonl, part, size, rowsRead }) => post({ type: 'parquet-part', jsonl, part, size, rowsRead, rows: shards.count }, [part.data.starts.buffer, part.data.ends.buffer, part.data.flags.buffer]),
    onRows: (done) => {
      if (Date.now() - reported < PROGRESS_INTERVAL_MS && done < shards.count) return;
      reported = Date.now();
      post({ type: 'progress', phase: 'rows', done, total: shards.count });
    },
    stopped: () => run.stopped,
    // Record 0 from a block of its row group, before the whole group is decoded.
    firstRows: RECORD_BLOCK_ROWS,
    ...(delay > 0 ? { afterGroup: () => new Promise<void>((resolve) => setTimeout(resolve, delay)) } : {}),
  }).finally(() => helper?.end());
  // The rows read are what later requests (a record's text, search) read from, whole or not.
  current = { file: read.jsonl, index: read.index };
  if (!read.complete) {
    post({ type: 'parquet-stopped', rowsRead: read.rowsRead, rows: shards.count });
    return;
  }
  post({ type: 'parquet-read', jsonl: read.jsonl, columns, rows: shards.count });
  postIndexed(read.jsonl, 'jsonl', read.index, read.fingerprint);
}

/** The Parquet dataset opened on demand (remote, not read whole), for 'read-all'. */
let onDemand: OpenParquetRequest | undefined;

/** The Parquet reading under way: 'stop-reading' stops it after the row group being read. */
let readingRun = { stopped: false };

/** The check the worker is doing (or last did): a later one, or 'stop-check', ends it at its next window. */
let checking = { pass: 0, stopped: false };
/** Requests cancelled by the page. */
const cancelled = new Set<number>();

const read = async (file: Blob, start: number, end: number): Promise<Uint8Array> => new Uint8Array(await file.slice(start, end).arrayBuffer());

async function check(request: CheckRequest): Promise<void> {
  const run = { pass: request.pass, stopped: false };
  checking = run;
  const { file, index } = openFile();
  const { profile, pass, part, parts } = request;
  setWorkerProfile(profile);
  // The checks render with the format: its on-demand code first (Format.prepare), or every
  // render would be the "loading" placeholder.
  await findFormat(profile.formatId)?.prepare?.();
  const context = dialectContextOf(profile);
  const total = partSize(index.records.count, CONTENT_BATCH, part, parts);
  const over = () => checking !== run || run.stopped;
  // Every window of the pass in the same memory (window-reader.ts): checkRecords is done with a window before it reads the next.
  const windows = new WindowReader(CHECK_WINDOW_BYTES);
  await checkRecords(index, {
    cancelled: over,
    read: (start, end) => windows.read(file, start, end),
    decode: (bytes, line) => decodeRecordBytes(bytes, line, context),
    content: (result) => rowContent(result, profile),
    emit: (from, contents) => {
      if (!over()) post({ type: 'contents', pass, from, contents });
    },
    onProgress: (done) => {
      if (!over()) post({ type: 'progress', phase: 'checking', pass, done, total });
    },
    line: (i) => recordLine(index, i),
    part,
    parts,
  });
  if (!over()) post({ type: 'checked', pass });
}

/** Decoded as the page decodes a record (engine.ts), checked as the app checks the record in the editors. */
async function fixKind(message: FixKindRequest): Promise<void> {
  const { file, index } = openFile();
  const { request } = message;
  // The checks render with the format: its on-demand code first (Format.prepare), or every
  // render would be the "loading" placeholder and no format fix would be found.
  await findFormat(message.view.formatId)?.prepare?.();
  const context = dialectContextOf(message.view);
  const outcome = await fixAcrossRecords(message, {
    fixId: message.fixId,
    mode: message.mode,
    diagnose: diagnoseForView(message.view),
    records: index.records,
    read: (start, end) => read(file, start, end),
    decode: (input, line) => (typeof input === 'string' ? decodeRecordText(input, line, context) : decodeRecordBytes(input, line, context)),
    encode: (record, dialect, original, originalText) => encodeRecordLine(record, dialect, original, originalText).text,
    content: (result) => rowContent(result, message.view),
    onProgress: (done) => post({ type: 'fix-progress', request, done, total: message.ids.length }),
    cancelled: () => cancelled.has(request),
    // A macrotask: the page's cancel message is handled before the next stretch of work.
    pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
  });
  cancelled.delete(request);
  if (outcome) post({ type: 'fix-done', request, outcome });
}

/** Search and replace requests (search/search-protocol.ts), answered with `search-…` messages. */
const search = createSearchHandler((message) => self.postMessage(message));

self.onmessage = (event: MessageEvent<ToWorker | SearchRequest>) => {
  const message = event.data;
  if (isSearchRequest(message)) {
    search(message);
    return;
  }
  const reason = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
  switch (message.type) {
    case 'open':
      open(message.file, message.format).catch((thrown: unknown) => post({ type: 'failed', message: reason(thrown) }));
      break;
    case 'open-parquet':
      openParquet(message).catch((thrown: unknown) => post({ type: 'failed', message: reason(thrown) }));
      break;
    case 'parquet-records': {
      // `ask`, not `request`: the fix runner's requests are numbered apart from these.
      const { ask, ids } = message;
      if (!parquet) post({ type: 'parquet-records-failed', ask, message: 'no Parquet dataset is open in the dataset worker' });
      else
        parquet.texts(ids).then(
          (texts) => post({ type: 'parquet-records', ask, texts, rowsRead: parquet?.rowsRead ?? 0 }),
          (thrown: unknown) => post({ type: 'parquet-records-failed', ask, message: reason(thrown) }),
        );
      break;
    }
    case 'adopt':
      current = { file: message.file, index: indexFromMessage(message.index) };
      break;
    case 'check':
      check(message).catch((thrown: unknown) => post({ type: 'failed', message: reason(thrown) }));
      break;
    case 'stop-check':
      checking.stopped = true;
      break;
    case 'read-all':
      if (!onDemand || !parquet) post({ type: 'failed', message: 'no Parquet dataset is open on demand in the dataset worker' });
      else openParquet({ ...onDemand, readAll: true }, parquet).catch((thrown: unknown) => post({ type: 'failed', message: reason(thrown) }));
      break;
    case 'stop-reading':
      readingRun.stopped = true;
      break;
    case 'fix-kind':
      fixKind(message).catch((thrown: unknown) => post({ type: 'fix-failed', request: message.request, message: reason(thrown) }));
      break;
    case 'cancel':
      cancelled.add(message.request);
      break;
  }
};
