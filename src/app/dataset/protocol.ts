/**
 * Messages between the page and the dataset worker (dataset.worker.ts). The worker reads the
 * file once as a stream to index and fingerprint it, then reads it again in large slices to
 * decode and summarise every record, sending the summaries in batches. It keeps the file and
 * the index afterwards, so that later requests (search) need not send them again.
 */
import type { DatasetFormatError, FileFingerprint, RecordIndexData } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';
import type { FixView } from '../store/fix-diagnose.ts';
import type { FixItems, FixMode, FixOutcome } from './fix-logic.ts';

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

export type ToWorker =
  | { type: 'open'; file: Blob; format: DatasetFormat }
  /** Stop the second pass (summaries); the worker stays, holding the file for later requests. */
  | { type: 'stop-check' }
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
  | { type: 'progress'; phase: 'indexing' | 'checking'; done: number; total: number }
  | IndexMessage
  | { type: 'contents'; from: number; contents: RowContent[] }
  | { type: 'checked' }
  | { type: 'failed'; message: string }
  | { type: 'fix-progress'; request: number; done: number; total: number }
  | { type: 'fix-done'; request: number; outcome: FixOutcome }
  | { type: 'fix-failed'; request: number; message: string };
