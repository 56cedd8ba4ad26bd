/**
 * Messages between the page and the dataset workers (dataset.worker.ts). The first worker reads
 * the file once as a stream to index and fingerprint it; the page then asks it, and a second
 * worker given the same File and index ('adopt'), to check every record with the check profile
 * ('check': each takes every other stripe of records, so both cores work), sending the rows in
 * stripes. A new profile (another format, options, rules file) is a new 'check' with a higher
 * `pass`, which supersedes the one under way. The first worker keeps the file and the index
 * afterwards, so that later requests (search, fix all) need not send them again.
 */
import type { CheckProfile, ConversationColumns, DatasetFormatError, FileFingerprint, RecordIndexData } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';
import type { FixView } from '../store/fix-diagnose.ts';
import type { FixItems, FixMode, FixOutcome } from './fix-logic.ts';
import type { IndexPart } from './parquet/growing-index.ts';
import type { ShardSpec } from './parquet/shards.ts';

export type DatasetFormat = 'jsonl' | 'json-array';

/**
 * Count (or apply) the fixes of one id across the records of `items` (fix-logic.ts), checked
 * as the app checks the record in the editors (`view`). `request` names the answers.
 */
export interface FixKindRequest extends FixItems {
  type: 'fix-kind';
  request: number;
  mode: FixMode;
  fixId: string;
  view: FixView;
}

/** Check every record of this worker's stripes with `profile` (worker-logic.ts checkRecords). */
export interface CheckRequest {
  type: 'check';
  /** Numbers the checks of a dataset: a higher one supersedes a lower one under way. */
  pass: number;
  profile: CheckProfile;
  part: number;
  parts: number;
}

/**
 * Open a Parquet dataset: its files in order (one, or a split's shards), read as one. Answered
 * with 'parquet-opened' from the footers alone, then (when `reading`) progress, 'parquet-read'
 * and 'indexed' as 'open' is. A remote dataset is read whole only when `readAll` says the person
 * chose to (it downloads the conversation columns of every row group).
 */
export interface OpenParquetRequest {
  type: 'open-parquet';
  shards: ShardSpec[];
  /** The conversation columns the person chose; default: detected. */
  columns?: string[];
  /** Read every row group of a remote dataset (a local one is always read). */
  readAll: boolean;
  /**
   * For end-to-end tests only: a pause (ms) after each row group read, so that a test sees the
   * dataset shown before its last row group is read (the page's `__parleyParquetGroupDelayMs`).
   */
  groupDelayMs?: number;
}

export type ToWorker =
  /** Index and fingerprint the file, keep it: answered with progress and 'indexed'. */
  | { type: 'open'; file: Blob; format: DatasetFormat }
  | OpenParquetRequest
  /** The records' JSON texts of a Parquet dataset, read from their row groups on demand (a few kept): answered with 'parquet-records'. */
  | { type: 'parquet-records'; ask: number; ids: number[] }
  /** Hold this file and its index, indexed by another worker (a second checker). */
  | { type: 'adopt'; file: Blob; index: IndexMessage }
  | CheckRequest
  /** Stop the check under way; the worker stays, holding the file for later requests. */
  | { type: 'stop-check' }
  /**
   * Read every row of the Parquet dataset opened on demand (the person chose it, the size shown):
   * answered as an open that reads ('parquet-opened', progress, parts, 'parquet-read', 'indexed').
   */
  | { type: 'read-all' }
  /** Stop reading a Parquet dataset's rows: the rows read are kept ('parquet-part', then 'parquet-stopped'). */
  | { type: 'stop-reading' }
  | FixKindRequest
  /** Stop request `request`: it answers nothing more. */
  | { type: 'cancel'; request: number };

/** The index as plain data (typed arrays transferred, not copied). */
export interface IndexMessage {
  type: 'indexed';
  format: DatasetFormat;
  data: RecordIndexData;
  bomLength: number;
  size: number;
  fingerprint: FileFingerprint;
  /** JSON arrays: the line each record starts on, the brackets' offsets, the error that stopped the scan. */
  lines?: number[];
  open?: number;
  close?: number;
  error?: DatasetFormatError;
}

export type FromWorker =
  | { type: 'progress'; phase: 'indexing'; done: number; total: number }
  /** Records of the worker's part checked in `pass`, of `total` in its part. */
  | { type: 'progress'; phase: 'checking'; pass: number; done: number; total: number }
  /** Rows of a Parquet dataset read, of `total`. */
  | { type: 'progress'; phase: 'rows'; done: number; total: number }
  /**
   * Rows of a Parquet dataset read so far (the first row group's at once, then more as they are
   * read, before 'parquet-read' and 'indexed' end the reading): the JSON Lines of every row read
   * (`size` bytes) and the index entries not sent before (parquet/growing-index.ts), of `rows`.
   */
  | { type: 'parquet-part'; jsonl: Blob; part: IndexPart; size: number; rowsRead: number; rows: number }
  /** Reading was stopped ('stop-reading') after `rowsRead` rows of `rows`, all of them sent in parts; nothing more comes. */
  | { type: 'parquet-stopped'; rowsRead: number; rows: number }
  | IndexMessage
  /** The Parquet file's records as JSON Lines (the dataset's source from now on) and its conversation columns. */
  | { type: 'parquet-read'; jsonl: Blob; columns: string[]; rows: number }
  /**
   * A Parquet dataset's footers are read: its rows, the conversation columns and how they were
   * found, the choices offered, the compressed bytes a whole read fetches (`bytes`, the
   * conversation columns') of `size` in all; `reading`: the rows are being read now.
   */
  | { type: 'parquet-opened'; rows: number; columns: string[]; how: ConversationColumns['how']; candidates: string[][]; bytes: number; size: number; reading: boolean }
  /** `rowsRead`: the rows of the blocks read on demand so far (what the page says is read). */
  | { type: 'parquet-records'; ask: number; texts: string[]; rowsRead?: number }
  | { type: 'parquet-records-failed'; ask: number; message: string }
  | { type: 'contents'; pass: number; from: number; contents: RowContent[] }
  /** The worker's part of `pass` is checked (not sent when the pass was superseded or stopped). */
  | { type: 'checked'; pass: number }
  | { type: 'failed'; message: string }
  | { type: 'fix-progress'; request: number; done: number; total: number }
  | { type: 'fix-done'; request: number; outcome: FixOutcome }
  | { type: 'fix-failed'; request: number; message: string };
