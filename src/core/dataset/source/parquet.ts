/**
 * A Parquet file as a source of records (hyparquet): the metadata is read once, then one row
 * group at a time, only when asked for, and only the conversation's columns (the writer reads
 * the others itself): never the whole file as objects. A record is the JSON object of the
 * conversation columns' values, read by the same dialect detection as a JSON Lines line.
 */
import { parquetMetadataAsync, parquetReadObjects, parquetSchema, type AsyncBuffer, type Compressors, type FileMetaData, type SchemaTree } from 'hyparquet';
import { columnNames, detectConversationColumns, unknownColumns, type ConversationColumns } from './parquet-columns.ts';
import { parquetValueToJson, type JsonValue } from './parquet-values.ts';
import { JsonBytes } from './parquet-json.ts';
import { fastColumnsOf, fastRowGroupLines, type FastColumn } from './parquet-lines.ts';
import type { RecordLocator, DatasetSource, RecordWindow } from './types.ts';

/**
 * Rows of a row group read both ways (fast lines and hyparquet's rows) and compared before the
 * fast lines are used: enough to cover the first data page of every column. Done once per
 * layout of the columns' first pages in a file (FastLines.layout; most often once per file):
 * hyparquet reads every page of a nested column (a list of messages) whatever rows are asked,
 * so for each row group it cost as much as reading the group the general way (1.1 s of a
 * 20,000-row group of chats, against 1.2 s for its fast lines: issue 27 item 6's measurement).
 */
export const FAST_CHECK_ROWS = 32;

/** A row group: its first row and its number of rows. */
export interface RowGroupSpan {
  start: number;
  rows: number;
}

export class ParquetSourceError extends Error {}

/** Whole lines of JSON Lines (each ends with a line break): `rows` records from row `start`. */
export interface LineChunk {
  start: number;
  rows: number;
  bytes: Uint8Array;
}

/**
 * The bytes read at a file's end to find its footer: 64 KiB, not hyparquet's default 512 KiB.
 * Over HTTP (a Hub split, core/dataset/hub) each file's footer is read before anything is
 * shown, and the default would download half a megabyte per file for metadata that is most
 * often a few KiB; a larger footer costs one more read, of exactly its size.
 */
export const FOOTER_READ_BYTES = 64 * 1024;

export interface ParquetSourceOptions {
  /** The conversation columns the person named; default: detected. */
  columns?: readonly string[];
  /** Decompressors beyond hyparquet's own (snappy): hyparquet-compressors' `compressors`. */
  compressors?: Compressors;
}

export class ParquetSource implements DatasetSource {
  readonly count: number;
  readonly rowGroups: RowGroupSpan[];
  readonly schema: SchemaTree;
  /** How the conversation columns are written straight from their pages; undefined: their shape is read the general way. */
  private fastPlan: FastColumn[] | undefined;
  /** Layouts of first pages whose fast lines were compared with hyparquet's rows and agreed (FAST_CHECK_ROWS). */
  private readonly verifiedLayouts = new Set<string>();

  private constructor(
    readonly file: AsyncBuffer,
    readonly metadata: FileMetaData,
    readonly conversation: ConversationColumns,
    private readonly compressors: Compressors | undefined,
  ) {
    this.schema = parquetSchema(metadata);
    this.fastPlan = fastColumnsOf(this.schema, conversation.names);
    this.count = Number(metadata.num_rows);
    let start = 0;
    this.rowGroups = metadata.row_groups.map((group) => {
      const span = { start, rows: Number(group.num_rows) };
      start += span.rows;
      return span;
    });
  }

  /** Reads the file's footer; throws ParquetSourceError with a message for people. */
  static async open(file: AsyncBuffer, options: ParquetSourceOptions = {}): Promise<ParquetSource> {
    let metadata: FileMetaData;
    try {
      metadata = await parquetMetadataAsync(file, { initialFetchSize: FOOTER_READ_BYTES });
    } catch (error) {
      throw new ParquetSourceError(`not a Parquet file Parley can read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const schema = parquetSchema(metadata);
    let conversation: ConversationColumns | undefined;
    if (options.columns !== undefined && options.columns.length > 0) {
      const unknown = unknownColumns(schema, options.columns);
      if (unknown.length > 0) throw new ParquetSourceError(`no column ${unknown.map((name) => `"${name}"`).join(', ')} in the file (its columns: ${columnNames(schema).join(', ')})`);
      conversation = { names: options.columns.slice(), how: 'named' };
    } else {
      conversation = detectConversationColumns(schema);
      if (!conversation) throw new ParquetSourceError(`no conversation column found (a list of messages such as "messages" or "conversations", or "prompt"/"chosen"/"rejected"); its columns: ${columnNames(schema).join(', ')}; name one with --column`);
    }
    return new ParquetSource(file, metadata, conversation, options.compressors);
  }

  locator(id: number): RecordLocator {
    return { row: id };
  }

  /** The rows of one row group as hyparquet reads them (bigint, Date…), these columns only (default: all). */
  async readRowGroup(index: number, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
    const span = this.rowGroups[index];
    if (!span) throw new RangeError(`no row group ${index}`);
    return this.readRows(span.start, span.start + span.rows, columns);
  }

  /** Rows [start, end) (hyparquet reads only the row groups that hold them). */
  async readRows(start: number, end: number, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
    const options = { file: this.file, metadata: this.metadata, rowStart: start, rowEnd: end, ...(columns ? { columns: columns.slice() } : {}), ...(this.compressors ? { compressors: this.compressors } : {}) };
    return (await parquetReadObjects(options)) as Record<string, unknown>[];
  }

  /** A row's record: its conversation columns' values as JSON. */
  recordOf(row: Record<string, unknown>): { [key: string]: JsonValue } {
    const record: { [key: string]: JsonValue } = {};
    for (const name of this.conversation.names) record[name] = parquetValueToJson(row[name]);
    return record;
  }

  /**
   * The records as JSON Lines bytes, in chunks of whole lines of about `chunkBytes` that never
   * span two row groups, one row group read at a time (groupLineChunks). A chunk is fresh
   * memory, the caller's to keep.
   */
  async *lineChunks(chunkBytes: number): AsyncGenerator<LineChunk> {
    for (let index = 0; index < this.rowGroups.length; index++) yield* this.groupLineChunks(index, chunkBytes);
  }

  /**
   * Row group `index`'s records as JSON Lines bytes, in chunks of whole lines of about
   * `chunkBytes`: straight from the pages when the columns have the common shape
   * (parquet-lines.ts), else each row's `recordOf` as JSON. The same bytes either way. Row
   * groups may be asked for in any order (the app reads them in two workers at once).
   */
  async *groupLineChunks(index: number, chunkBytes: number): AsyncGenerator<LineChunk> {
    const span = this.rowGroups[index];
    if (!span) throw new RangeError(`no row group ${index}`);
    let start = span.start;
    const fast = this.fastPlan && (await fastRowGroupLines(this.file, this.metadata, index, this.fastPlan, this.compressors));
    if (fast) {
      const chunks = fast(chunkBytes);
      const first = chunks.next();
      const verified = fast.layout !== undefined && this.verifiedLayouts.has(fast.layout);
      if (first.done || verified || (await this.sameAsGeneral(start, first.value))) {
        if (!first.done && fast.layout !== undefined) this.verifiedLayouts.add(fast.layout);
        for (let chunk = first; !chunk.done; chunk = chunks.next()) {
          yield { start, rows: chunk.value.rows, bytes: chunk.value.bytes };
          start += chunk.value.rows;
        }
        return;
      }
      // The pages were read differently from hyparquet's reading: this file goes the general way.
      this.fastPlan = undefined;
    }
    const out = new JsonBytes();
    const rows = await this.readRowGroup(index, this.conversation.names);
    let inChunk = 0;
    for (const row of rows) {
      out.text(JSON.stringify(this.recordOf(row)));
      out.byte(0x0a);
      inChunk++;
      if (out.length >= chunkBytes) {
        yield { start, rows: inChunk, bytes: out.view().slice() };
        start += inChunk;
        inChunk = 0;
        out.clear();
      }
    }
    if (inChunk > 0) yield { start, rows: inChunk, bytes: out.view().slice() };
  }

  /**
   * The first `rows` records of row group `index` as JSON Lines, straight from the pages that
   * hold them (parquet-lines.ts), or undefined when its columns are not of the fast shape. For
   * a first record without the whole row group: hyparquet reads every page of a nested column
   * whatever rows are asked (a block of 1,000 rows of a 20,000-row group of chats cost as much
   * as the group). Not compared with hyparquet's rows here (that would read the whole group):
   * the caller compares them with the group's lines when it reads the group (read-parquet.ts).
   */
  async fastFirstLines(index: number, rows: number): Promise<Uint8Array | undefined> {
    if (!this.fastPlan) return undefined;
    const fast = await fastRowGroupLines(this.file, this.metadata, index, this.fastPlan, this.compressors, rows);
    if (!fast) return undefined;
    // Chunks of unbounded size: one chunk of every line (none for no rows).
    const [chunk] = fast(Number.POSITIVE_INFINITY);
    return chunk?.bytes ?? new Uint8Array(0);
  }

  /**
   * Whether the first rows of a row group's fast lines equal what the general way writes for
   * them (hyparquet reads those rows: the first page of each column). The fast reader decodes
   * pages itself (parquet-lines.ts); this guard (once per layout of first pages: FAST_CHECK_ROWS) turns a reading
   * it got wrong (a page layout no test file had: say version 1 pages from another writer) into
   * the general way's output, never into silently different records.
   */
  private async sameAsGeneral(start: number, chunk: { bytes: Uint8Array; rows: number }): Promise<boolean> {
    const sample = Math.min(FAST_CHECK_ROWS, chunk.rows);
    const expected = new JsonBytes();
    for (const row of await this.readRows(start, start + sample, this.conversation.names)) {
      expected.text(JSON.stringify(this.recordOf(row)));
      expected.byte(0x0a);
    }
    const want = expected.view();
    if (want.length > chunk.bytes.length) return false;
    for (let i = 0; i < want.length; i++) if (want[i] !== chunk.bytes[i]) return false;
    return true;
  }

  async *windows(): AsyncIterable<RecordWindow> {
    for (let index = 0; index < this.rowGroups.length; index++) {
      const rows = await this.readRowGroup(index, this.conversation.names);
      yield { start: (this.rowGroups[index] as RowGroupSpan).start, texts: rows.map((row) => JSON.stringify(this.recordOf(row))) };
    }
  }
}
