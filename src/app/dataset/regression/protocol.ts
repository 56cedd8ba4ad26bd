/**
 * Messages between the page and the regression worker (regression.worker.ts): its own worker,
 * reading the open File as the lengths worker does. One pass at a time, named by `run`:
 * answers of an older run are dropped.
 */
import type { CheckProfile, RecordIndexData } from '../../../core/index.ts';
import type { TokenizerSource } from '../../tokens/protocol.ts';
import type { RegressionEdits, RegressionRow, RegressionSide } from './regression-logic.ts';

export type ToRegressionWorker =
  | {
      type: 'start';
      run: number;
      file: Blob;
      records: RecordIndexData;
      /** JSON arrays: the line each record starts on (JSONL: record i is line i + 1). */
      lines?: number[];
      /** The app's profile: the worker reads the records as the dataset does (its dialect context), the same for both sides. Plain data: the context itself holds functions. */
      profile: CheckProfile;
      sides: [RegressionSide, RegressionSide];
      /** Per side; ids and labels are compared only when both have one. */
      tokenizers: [TokenizerSource, TokenizerSource] | undefined;
      /** The person's unsaved changes when Run was pressed: the records are compared as Save would write them. */
      edits: RegressionEdits;
    }
  | { type: 'cancel'; run: number };

export type FromRegressionWorker =
  | { type: 'rows'; run: number; from: number; rows: (RegressionRow | null)[] }
  | { type: 'progress'; run: number; done: number; total: number }
  | { type: 'done'; run: number }
  | { type: 'failed'; run: number; message: string };
