/**
 * A Parquet dataset as the JSON Lines the dataset view's list, search, filters, checks and
 * fixes work on (in the dataset worker): core's ParquetShards reads one row group at a time,
 * only the conversation's columns, and each row's record becomes one line, so row N is line
 * N + 1. Each row group's lines become a Blob of their own as soon as they are read (the
 * browser may keep Blobs on disk), so the strings of one row group at a time are held, never
 * the whole file's; the lines are indexed and fingerprinted in the same pass. The Parquet files
 * stay the origin of the export (export-parquet.ts), which rewrites them.
 */
import { JsonlIndexer, StreamingHash, type FileFingerprint, type JsonlIndex, type LineChunk, type ParquetShards } from '../../../core/index.ts';
import { indexPart, type IndexPart } from './growing-index.ts';

const UTF8 = new TextEncoder();

/**
 * The lines of every record, a row group's at a time, as bytes (for the indexer); `parts`
 * receives a Blob of each. `onRead` is told the Parquet bytes read so far (of the
 * conversation columns: `shards.conversationBytes` in all).
 */
export async function* parquetLines(shards: ParquetShards, parts: Blob[], onRead: (bytes: number) => void): AsyncIterable<Uint8Array> {
  let group = 0;
  let read = 0;
  for await (const window of shards.windows()) {
    read += shards.groups[group++]?.bytes ?? 0;
    onRead(read);
    if (window.texts.length === 0) continue;
    const bytes = UTF8.encode(`${window.texts.join('\n')}\n`);
    parts.push(new Blob([bytes]));
    yield bytes;
  }
}

/**
 * After the first part, the rows read are sent to the page at most this often (ms): each part
 * makes the page copy its list of rows and order (growDataset, O(rows)), so a part per row group
 * of a file of small groups would spend the page's time on copies; a second keeps the list
 * growing visibly. Raise it if a very long list makes each growth slow.
 */
export const PART_INTERVAL_MS = 1000;

/**
 * Bytes of JSON Lines made at once from a row group's pages (core's groupLines chunks), each
 * kept as a Blob of its own: a row group of the Hub's 128 MB makes a few hundred MB of JSON,
 * never held as one piece. Smaller: more Blobs and index pushes; larger: more held at once.
 */
export const LINE_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Reads row groups somewhere else (a second worker: the other core), giving the same chunks
 * `shards.groupLines` gives here. The app's reading asks it for every other row group
 * (`readByHelper`) while it reads the others itself.
 */
export interface GroupReader {
  read(group: number): Promise<LineChunk[]>;
}

/** The row groups a helper reads: every other one from the second, so both cores read all the way through. */
export function readByHelper(group: number): boolean {
  return group % 2 === 1;
}

/**
 * The first part's rows (read from the pages that hold them) differ from the same rows read
 * with their row group: never seen, but said rather than show a dataset whose first rows are
 * not its rows.
 */
export const FIRST_ROWS_DIFFER = 'its first rows read on their own differ from the same rows read with their row group; nothing was kept';

/** Rows read so far, sent to the page: the JSON Lines of every row read, and the index entries it has not had yet. */
export interface ParquetPart {
  jsonl: Blob;
  part: IndexPart;
  /** Bytes of `jsonl`. */
  size: number;
  rowsRead: number;
}

export interface PartsOptions {
  /** The rows read so far: the first row group's as soon as it is read, then every PART_INTERVAL_MS at most. */
  onPart: (part: ParquetPart) => void;
  /** Rows read, after each row group (progress). */
  onRows?: (rows: number) => void;
  /** Checked after each row group: stop reading, the rows read being sent first. */
  stopped?: () => boolean;
  /** Awaited after each row group (tests slow the read down with it). */
  afterGroup?: () => Promise<void>;
  /**
   * Rows read on their own first (core's block of a row group: RECORD_BLOCK_ROWS in the app;
   * never past the first row group), sent as the first part before the first row group is
   * decoded whole; those rows are
   * decoded twice (the first row group skips them). 0: the first part is the first row group.
   */
  firstRows?: number;
  partInterval?: number;
  now?: () => number;
  /**
   * A second reader (another worker) for every other row group (readByHelper), asked one
   * group ahead; its chunks are put in order here, so the lines are the same bytes as when
   * read alone. A group it fails to read is read here, and it is not asked again.
   */
  helper?: GroupReader;
}

export interface PartsRead {
  /** The JSON Lines of the rows read, their index and fingerprint (of every row only when `complete`). */
  jsonl: Blob;
  index: JsonlIndex;
  fingerprint: FileFingerprint;
  rowsRead: number;
  complete: boolean;
}

/**
 * The dataset's rows read a row group at a time into JSON Lines (parquetLines), indexed and
 * fingerprinted in the same pass, the page sent the rows as they come (`onPart`) so that it
 * shows the first record after the first row group, not after the whole file. Each row is one
 * line, never blank: the index's entries are the rows, in order, and are only appended.
 */
export async function readParquetInParts(shards: ParquetShards, options: PartsOptions): Promise<PartsRead> {
  const now = options.now ?? Date.now;
  const interval = options.partInterval ?? PART_INTERVAL_MS;
  const blobs: Blob[] = [];
  const indexer = new JsonlIndexer();
  const hash = new StreamingHash();
  const jsonl = () => new Blob(blobs, { type: 'application/jsonl' });
  let size = 0;
  let sent = 0;
  let lastPart = 0;
  const send = (): void => {
    const rows = indexer.records.count;
    if (rows === sent) return;
    const part = indexPart(indexer.records, sent);
    sent = rows;
    lastPart = now();
    options.onPart({ jsonl: jsonl(), part, size, rowsRead: rows });
  };
  const push = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    // Core's chunks are plain ArrayBuffer memory (JsonBytes, TextEncoder), never shared: a BlobPart.
    blobs.push(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    indexer.push(bytes);
    hash.update(bytes);
    size += bytes.length;
  };
  // The first rows alone: a large first row group would keep the first record waiting for all of it.
  // Within the first row group, as core's blocks are: the first part never holds more than that group's rows.
  const firstGroupRows = shards.groups[1]?.start ?? shards.count;
  const head = Math.min(Math.max(0, options.firstRows ?? 0), firstGroupRows);
  /** The first part's bytes: compared with the first row group's lines for those rows when that group is read. */
  let headBytes: Uint8Array = new Uint8Array(0);
  if (head > 0) {
    // From the pages that hold those rows when the columns have the usual shape (hyparquet would read every page of a list column: the whole group).
    headBytes = (await shards.firstLines(head)) ?? UTF8.encode(`${(await shards.texts(Array.from({ length: head }, (_, i) => i))).join('\n')}\n`);
    push(headBytes);
    options.onRows?.(head);
    send();
  }
  /** Bytes of the first row group's lines for the first part's rows, compared so far. */
  let headCompared = 0;
  const compareHead = (bytes: Uint8Array): void => {
    const shown = headBytes.subarray(headCompared, headCompared + bytes.length);
    headCompared += bytes.length;
    if (shown.length !== bytes.length || shown.some((byte, i) => byte !== bytes[i])) throw new Error(FIRST_ROWS_DIFFER);
  };
  let helper = options.helper;
  const asked = new Map<number, Promise<LineChunk[]>>();
  const ask = (group: number): void => {
    if (!helper || group >= shards.groups.length || !readByHelper(group) || asked.has(group)) return;
    const reading = helper.read(group);
    // Awaited when its turn comes; a failure before then is not an unhandled rejection.
    reading.catch(() => undefined);
    asked.set(group, reading);
  };
  /** Row group `group`'s chunks: the helper's when it was asked for them (read here if it failed), else read here. */
  async function* chunksOf(group: number): AsyncGenerator<LineChunk> {
    const reading = asked.get(group);
    asked.delete(group);
    if (reading) {
      try {
        yield* await reading;
        return;
      } catch {
        // Read here instead; the rows are the same. Groups asked of it already are read here too.
        helper = undefined;
        asked.clear();
      }
    }
    yield* shards.groupLines(group, LINE_CHUNK_BYTES);
  }
  for (let group = 0; group < shards.groups.length; group++) {
    // The helper reads the next of its row groups while this one is read (or waited for).
    for (let ahead = group; ahead <= group + 2; ahead++) ask(ahead);
    for await (const chunk of chunksOf(group)) {
      if (chunk.start >= head) {
        push(chunk.bytes);
        continue;
      }
      const rest = afterLines(chunk.bytes, head - chunk.start);
      compareHead(chunk.bytes.subarray(0, chunk.bytes.length - rest.length));
      push(rest);
    }
    if (group === 0 && headCompared !== headBytes.length) throw new Error(FIRST_ROWS_DIFFER);
    options.onRows?.(indexer.records.count);
    await options.afterGroup?.();
    if (options.stopped?.()) {
      send();
      const index = indexer.finish();
      return { jsonl: jsonl(), index, fingerprint: { size, hash: hash.digest() }, rowsRead: index.records.count, complete: false };
    }
    if (sent === 0 || now() - lastPart >= interval) send();
  }
  const index = indexer.finish();
  return { jsonl: jsonl(), index, fingerprint: { size, hash: hash.digest() }, rowsRead: index.records.count, complete: true };
}

/** The bytes of `lines` after its first `skip` lines (each ends with a line break). */
function afterLines(lines: Uint8Array, skip: number): Uint8Array {
  let at = 0;
  for (let i = 0; i < skip; i++) {
    const end = lines.indexOf(0x0a, at);
    if (end < 0) return new Uint8Array(0);
    at = end + 1;
  }
  return lines.subarray(at);
}
