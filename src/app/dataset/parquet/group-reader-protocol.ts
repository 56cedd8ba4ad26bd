/**
 * Messages between the dataset worker and the Parquet reading worker it starts (a worker of its
 * own, group-reader.worker.ts): the reading worker opens the same files and makes the JSON Lines
 * of the row groups it is asked for, so that a local Parquet dataset is read on both cores.
 */
import type { LineChunk } from '../../../core/index.ts';
import type { ShardSpec } from './shards.ts';

export type ToGroupReader =
  /** The dataset's files and conversation columns, as the dataset worker opened them. */
  | { type: 'open'; shards: ShardSpec[]; columns: string[] }
  /** Row group `group` of the dataset (ParquetShards.groups), as JSON Lines: answered with 'lines' or 'failed'. */
  | { type: 'read'; group: number };

export type FromGroupReader = { type: 'lines'; group: number; chunks: LineChunk[] } | { type: 'failed'; group: number; message: string };
