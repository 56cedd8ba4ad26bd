/**
 * Messages between the page and the lengths worker (lengths.worker.ts): its own worker, beside
 * the dataset worker, reading the same File (a Blob crosses to a worker as a reference, not its
 * bytes). One pass at a time, named by `run`: answers of an older run are dropped.
 */
import type { CheckProfile, ParleyRecord, RecordIndexData } from '../../../core/index.ts';
import type { MaskOptions } from '../../../core/tokens/index.ts';
import type { TokenizerSource } from '../../tokens/protocol.ts';
import type { LengthsRow } from './lengths-logic.ts';

export type ToLengthsWorker =
  | {
      type: 'start';
      run: number;
      file: Blob;
      records: RecordIndexData;
      /** JSON arrays: the line each record starts on (JSONL: record i is line i + 1). */
      lines?: number[];
      /** Records already measured (a kept result): the pass starts after them. */
      from: number;
      profile: CheckProfile;
      /** Undefined: characters, messages and turns only. */
      tokenizer: TokenizerSource | undefined;
      mask: MaskOptions;
    }
  /** Records the person edited or added, measured from their text (with the run's profile and tokenizer). */
  | { type: 'measure-texts'; run: number; items: { id: number; text: string; line: number }[] }
  /**
   * The record open in the editors, as it is now (edited, not yet written back): measured with
   * the run's profile and tokenizer for the Diagnostics panel's token rules (open-record-tokens.ts).
   * Answered once the run's tokenizer is loaded; a later request replaces one not answered yet.
   */
  | { type: 'measure-record'; run: number; request: number; record: ParleyRecord }
  | { type: 'cancel'; run: number };

export type FromLengthsWorker =
  | { type: 'tokenizer'; run: number; name: string }
  | { type: 'rows'; run: number; from: number; rows: (LengthsRow | null)[] }
  | { type: 'progress'; run: number; done: number; total: number }
  | { type: 'done'; run: number }
  | { type: 'texts'; run: number; rows: [number, LengthsRow | null][] }
  /** The answer to 'measure-record' (null: the record has no lengths, e.g. the format is unknown). */
  | { type: 'record'; run: number; request: number; row: LengthsRow | null }
  | { type: 'failed'; run: number; message: string };
