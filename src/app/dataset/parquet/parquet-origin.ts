/**
 * The Parquet dataset a dataset was opened from, kept for the Parquet export and the column
 * chooser: the dataset view works on its records as JSON Lines (read-parquet.ts), the export
 * rewrites the Parquet files with them. Valid while the open dataset's source is the JSON Lines
 * made from it.
 */
import type { ConversationColumns } from '../../../core/index.ts';
import type { ShardSpec } from './shards.ts';

export interface ParquetOrigin {
  /** The Parquet files as opened, in order. */
  shards: ShardSpec[];
  /** Their conversation columns (the records' keys). */
  columns: string[];
  /** How those were chosen, and the other choices (ParquetColumnChooser). */
  how: ConversationColumns['how'];
  candidates: string[][];
  /** The JSON Lines made from it: the dataset's source while this origin holds. */
  jsonl: Blob;
}

let origin: ParquetOrigin | undefined;

export function setParquetOrigin(next: ParquetOrigin | undefined): void {
  origin = next;
}

/** The origin of the dataset whose source is `source`, if it was opened from Parquet. */
export function parquetOriginOf(source: Blob | undefined): ParquetOrigin | undefined {
  return origin !== undefined && source === origin.jsonl ? origin : undefined;
}
