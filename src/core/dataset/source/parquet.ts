/**
 * A Parquet file as a source of records (hyparquet): the metadata is read once, then one row
 * group at a time, only when asked for, and only the conversation's columns (the writer reads
 * the others itself): never the whole file as objects. A record is the JSON object of the
 * conversation columns' values, read by the same dialect detection as a JSON Lines line.
 */
import { parquetMetadataAsync, parquetReadObjects, parquetSchema, type AsyncBuffer, type Compressors, type FileMetaData, type SchemaTree } from 'hyparquet';
import { columnNames, detectConversationColumns, unknownColumns, type ConversationColumns } from './parquet-columns.ts';
import { parquetValueToJson, type JsonValue } from './parquet-values.ts';
import type { RecordLocator, DatasetSource, RecordWindow } from './types.ts';

/** A row group: its first row and its number of rows. */
export interface RowGroupSpan {
  start: number;
  rows: number;
}

export class ParquetSourceError extends Error {}

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

  private constructor(
    readonly file: AsyncBuffer,
    readonly metadata: FileMetaData,
    readonly conversation: ConversationColumns,
    private readonly compressors: Compressors | undefined,
  ) {
    this.schema = parquetSchema(metadata);
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

  async *windows(): AsyncIterable<RecordWindow> {
    for (let index = 0; index < this.rowGroups.length; index++) {
      const rows = await this.readRowGroup(index, this.conversation.names);
      yield { start: (this.rowGroups[index] as RowGroupSpan).start, texts: rows.map((row) => JSON.stringify(this.recordOf(row))) };
    }
  }
}
