/**
 * A Parquet dataset of one or more files read as one, in order (a Hub split is 0000.parquet,
 * 0001.parquet, …), each given as hyparquet's AsyncBuffer (a local File, or HTTP ranges): opened
 * from the footers alone (the count is known at once), a record's text read from its row group
 * when asked for (a small cache of decoded blocks of rows, row-group-cache.ts), the records in
 * order one row group at a time for a pass over all of them. Never the whole file as objects
 * or strings. Record ids run over the shards: shard 1's first row follows shard 0's last.
 */
import type { AsyncBuffer } from 'hyparquet';
import { ParquetSource, ParquetSourceError, type LineChunk, type ParquetSourceOptions } from './parquet.ts';
import type { ConversationColumns } from './parquet-columns.ts';
import { RowGroupCache } from './row-group-cache.ts';
import type { DatasetSource, RecordLocator, RecordWindow } from './types.ts';

/** One file of a Parquet dataset: its name (for messages) and its bytes. */
export interface ParquetShard {
  name: string;
  buffer: AsyncBuffer;
}

/** A row group of the dataset: in which shard, which of its row groups, its first record id, its rows. */
export interface ShardRowGroup {
  shard: number;
  group: number;
  start: number;
  rows: number;
  /** Its compressed bytes, for the size a pass over the dataset reads. */
  bytes: number;
}

/**
 * Rows read at once for a record asked for: a block of its row group, not the whole row group.
 * hyparquet decodes only the pages that hold the rows asked for, so the first record of a row
 * group of 20,000 chat rows (15 MB) came in 41 ms against 995 ms for all of it; a row group of
 * the Hub's 128 MB would take seconds. 1,000 rows take about 0.1 s and cover a screen of the
 * list many times over. More: fewer reads when scrolling far; fewer: a faster single record.
 */
export const RECORD_BLOCK_ROWS = 1000;

export interface ParquetShardsOptions extends ParquetSourceOptions {
  /** The cache's bound in characters of record text (default ROW_GROUP_CACHE_CHARS). */
  cacheChars?: number;
  /** Rows read at once for records asked for (default RECORD_BLOCK_ROWS). */
  blockRows?: number;
}

export class ParquetShards implements DatasetSource {
  readonly count: number;
  readonly groups: ShardRowGroup[];
  /** The compressed bytes of the conversation columns' chunks: what reading every record reads. */
  readonly conversationBytes: number;
  private readonly cache: RowGroupCache;
  private readonly blockRows: number;
  /** Rows of each block read for records asked for, by the block's first id (blocks never overlap). */
  private readonly blocksRead = new Map<number, number>();

  private constructor(
    readonly names: readonly string[],
    readonly sources: readonly ParquetSource[],
    options: ParquetShardsOptions,
  ) {
    const groups: ShardRowGroup[] = [];
    let start = 0;
    let conversationBytes = 0;
    sources.forEach((source, shard) => {
      source.rowGroups.forEach((span, group) => {
        let bytes = 0;
        for (const chunk of source.metadata.row_groups[group]?.columns ?? []) {
          const top = chunk.meta_data?.path_in_schema[0];
          if (top !== undefined && source.conversation.names.includes(top)) bytes += Number(chunk.meta_data?.total_compressed_size ?? 0);
        }
        conversationBytes += bytes;
        groups.push({ shard, group, start, rows: span.rows, bytes });
        start += span.rows;
      });
    });
    this.groups = groups;
    this.count = start;
    this.conversationBytes = conversationBytes;
    this.blockRows = Math.max(1, options.blockRows ?? RECORD_BLOCK_ROWS);
    // Keyed by the block's first id: unique over the dataset.
    this.cache = new RowGroupCache((first) => this.readBlockTexts(first), options.cacheChars);
  }

  /**
   * Opens every shard's footer (all at once: over HTTP each is one or two range requests).
   * The conversation columns are the first shard's (detected, or named); every other shard
   * must have them. Throws ParquetSourceError naming the shard.
   */
  static async open(shards: readonly ParquetShard[], options: ParquetShardsOptions = {}): Promise<ParquetShards> {
    if (shards.length === 0) throw new ParquetSourceError('no Parquet file was given');
    const named = async (shard: ParquetShard, columns: readonly string[] | undefined): Promise<ParquetSource> => {
      try {
        return await ParquetSource.open(shard.buffer, { ...options, ...(columns ? { columns } : {}) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new ParquetSourceError(shards.length === 1 ? message : `${shard.name}: ${message}`);
      }
    };
    const first = await named(shards[0] as ParquetShard, options.columns);
    const rest = await Promise.all(shards.slice(1).map((shard) => named(shard, first.conversation.names)));
    return new ParquetShards(
      shards.map((shard) => shard.name),
      [first, ...rest],
      options,
    );
  }

  /** The conversation columns and how they were chosen (the first shard's). */
  get conversation(): ConversationColumns {
    return (this.sources[0] as ParquetSource).conversation;
  }

  locator(id: number): RecordLocator {
    return { row: id };
  }

  /** The index in `groups` of the row group that holds record `id` (binary search). */
  groupOf(id: number): number {
    if (!(id >= 0 && id < this.count)) throw new RangeError(`no record ${id} (the dataset has ${this.count})`);
    let low = 0;
    let high = this.groups.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.groups[mid] as ShardRowGroup).start <= id) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Which shard holds record `id`, and its row in that shard (0-based), for messages. */
  place(id: number): { shard: string; row: number } {
    const group = this.groups[this.groupOf(id)] as ShardRowGroup;
    const source = this.sources[group.shard] as ParquetSource;
    return { shard: this.names[group.shard] as string, row: (source.rowGroups[group.group]?.start ?? 0) + id - group.start };
  }

  /** Record `id`'s JSON text, read with its block of rows from its row group (kept for the next records). */
  async text(id: number): Promise<string> {
    const first = this.blockStart(id);
    const texts = await this.cache.get(first);
    return texts[id - first] as string;
  }

  /** The first id of the block that holds `id`: blocks start at their row group's start. */
  private blockStart(id: number): number {
    const group = this.groups[this.groupOf(id)] as ShardRowGroup;
    return group.start + Math.floor((id - group.start) / this.blockRows) * this.blockRows;
  }

  /** The texts of `ids`, each row group read once. */
  async texts(ids: readonly number[]): Promise<string[]> {
    return Promise.all(ids.map((id) => this.text(id)));
  }

  /** Row group `index` of the dataset (of `groups`), all its columns, as hyparquet reads them (for the Parquet export). */
  async readRows(index: number, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
    const group = this.groups[index];
    if (!group) throw new RangeError(`no row group ${index}`);
    return (this.sources[group.shard] as ParquetSource).readRowGroup(group.group, columns);
  }

  /**
   * Every record in order, one row group per window, each read once and not kept in the cache
   * (a pass over a dataset would push out the row groups the person is looking at).
   */
  async *windows(): AsyncIterable<RecordWindow> {
    for (let index = 0; index < this.groups.length; index++) {
      yield { start: (this.groups[index] as ShardRowGroup).start, texts: await this.readGroupTexts(index) };
    }
  }

  /**
   * Rows of the blocks read so far for records asked for, each block counted once however often
   * it is read (a dataset opened on demand says what is read so far); a pass (`windows`) is not.
   */
  get rowsRead(): number {
    let rows = 0;
    for (const count of this.blocksRead.values()) rows += count;
    return rows;
  }

  /**
   * Row group `index` of the dataset (of `groups`) as JSON Lines bytes, in chunks of whole
   * lines of about `chunkBytes`, `start` a dataset id (ParquetSource.groupLineChunks: straight
   * from the pages for the usual shapes, checked against hyparquet; the bytes of `windows`'
   * texts, a line each). Not kept in the cache, like `windows`.
   */
  async *groupLines(index: number, chunkBytes: number): AsyncGenerator<LineChunk> {
    const group = this.groups[index];
    if (!group) throw new RangeError(`no row group ${index}`);
    const source = this.sources[group.shard] as ParquetSource;
    const offset = group.start - (source.rowGroups[group.group]?.start ?? 0);
    for await (const chunk of source.groupLineChunks(group.group, chunkBytes)) yield { ...chunk, start: chunk.start + offset };
  }

  /**
   * The dataset's first `rows` records (never past its first row group) as JSON Lines, from the
   * pages that hold them (ParquetSource.fastFirstLines), or undefined when its columns are not
   * of the fast shape. Not compared with hyparquet's rows: the caller compares them with the
   * first row group's lines when it reads that group.
   */
  async firstLines(rows: number): Promise<Uint8Array | undefined> {
    const group = this.groups[0];
    if (!group) return new Uint8Array(0);
    return (this.sources[group.shard] as ParquetSource).fastFirstLines(group.group, Math.min(rows, group.rows));
  }

  /** The blocks the cache keeps now, by their first id, least recently used first (for tests). */
  keptBlocks(): number[] {
    return this.cache.keptGroups();
  }

  private async readGroupTexts(index: number): Promise<string[]> {
    const group = this.groups[index] as ShardRowGroup;
    const source = this.sources[group.shard] as ParquetSource;
    const rows = await source.readRowGroup(group.group, source.conversation.names);
    return rows.map((row) => JSON.stringify(source.recordOf(row)));
  }

  /** The texts of the block starting at id `first` (to its row group's end at most). */
  private async readBlockTexts(first: number): Promise<string[]> {
    const group = this.groups[this.groupOf(first)] as ShardRowGroup;
    const source = this.sources[group.shard] as ParquetSource;
    const groupStart = source.rowGroups[group.group]?.start ?? 0;
    const from = groupStart + first - group.start;
    const to = groupStart + Math.min(group.rows, first - group.start + this.blockRows);
    const rows = await source.readRows(from, to, source.conversation.names);
    this.blocksRead.set(first, to - from);
    return rows.map((row) => JSON.stringify(source.recordOf(row)));
  }
}
