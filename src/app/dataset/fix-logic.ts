/**
 * "Fix all of this kind" across a dataset, as the worker does it: every listed record is decoded
 * (from its edited text, or from the file's bytes read in large windows), checked with the
 * app's own checks, and either counted (how many records, how many places) or fixed and
 * re-encoded in its own dialect. Plain functions over a byte source, testable without a Worker.
 */
import { fixesOfKind, fixRecord, type Diagnose, type ParleyRecord, type RecordDecodeResult, type RecordIndex } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';
import { CHECK_WINDOW_BYTES, PROGRESS_INTERVAL_MS } from './worker-logic.ts';

/** The records to go through, in file order (parallel arrays, cheap to send to the worker). */
export interface FixItems {
  ids: Int32Array;
  /** The file's entry whose bytes a record has (a copy's original); -1: its text is in `texts`. */
  sources: Int32Array;
  /** 1-based line of each record, for the messages of one that cannot be read. */
  lines: Int32Array;
  /** Edited texts by id (the current record's unsaved edit included). */
  texts: ReadonlyMap<number, string>;
}

export type FixMode = 'count' | 'apply';

export interface FixOutcome {
  /** Records with at least one fix of the kind (count), or records changed (apply). */
  records: number;
  /** Fixes of the kind in them (count: each problem once; apply: every fix applied, rechecks included). */
  places: number;
  /** apply: each changed record's new line, and its row's new summary. Empty when counting. */
  texts: Map<number, string>;
  contents: Map<number, RowContent>;
}

export interface FixAcrossOptions {
  fixId: string;
  mode: FixMode;
  diagnose: Diagnose;
  records: RecordIndex;
  read: (start: number, end: number) => Promise<Uint8Array>;
  decode: (input: string | Uint8Array, line: number) => RecordDecodeResult;
  /** The record as one line in `dialect`, keys in `original`'s order, numbers spelled as in `originalText` (encodeRecordLine). */
  encode: (record: ParleyRecord, dialect: string, original: unknown, originalText?: string) => string;
  content: (result: RecordDecodeResult) => RowContent;
  onProgress: (done: number) => void;
  /** Checked between windows: stop (and answer null) when true. */
  cancelled?: () => boolean;
  /** Lets messages in (a cancel) between windows of edited texts, which involve no reading. */
  pause?: () => Promise<void>;
  windowBytes?: number;
  now?: () => number;
}

/** Edited texts handled between two pauses: a window's worth of work, roughly. */
const TEXTS_PER_PAUSE = 500;

/** Counts or applies the fixes of `fixId` in every item; null when cancelled. */
export async function fixAcrossRecords(items: FixItems, options: FixAcrossOptions): Promise<FixOutcome | null> {
  const { records } = options;
  const windowBytes = options.windowBytes ?? CHECK_WINDOW_BYTES;
  const now = options.now ?? Date.now;
  const outcome: FixOutcome = { records: 0, places: 0, texts: new Map(), contents: new Map() };
  const total = items.ids.length;
  let reported = now();
  let sinceRead = 0;

  const visit = (k: number, input: string | Uint8Array): void => {
    const id = items.ids[k] as number;
    const line = items.lines[k] as number;
    const result = options.decode(input, line);
    if (!result.ok) return;
    if (options.mode === 'count') {
      const n = fixesOfKind(options.diagnose(result.record), options.fixId).length;
      if (n > 0) {
        outcome.records += 1;
        outcome.places += n;
      }
      return;
    }
    const { record, applied } = fixRecord(result.record, options.fixId, options.diagnose);
    if (applied.length === 0) return;
    const text = options.encode(record, result.dialect, result.json, result.text);
    outcome.records += 1;
    outcome.places += applied.length;
    outcome.texts.set(id, text);
    outcome.contents.set(id, options.content(options.decode(text, line)));
  };

  let k = 0;
  while (k < total) {
    if (options.cancelled?.()) return null;
    const source = items.sources[k] as number;
    if (source < 0) {
      const text = items.texts.get(items.ids[k] as number);
      if (text !== undefined) visit(k, text);
      k += 1;
      if (++sinceRead >= TEXTS_PER_PAUSE) {
        sinceRead = 0;
        await options.pause?.();
      }
    } else {
      // A window: items k … j-1 read from the file in one slice, while their bytes follow in order within windowBytes.
      const start = records.start(source);
      let end = records.end(source);
      let j = k + 1;
      while (j < total) {
        const next = items.sources[j] as number;
        if (next < 0 || records.start(next) < end || records.end(next) - start > windowBytes) break;
        end = records.end(next);
        j += 1;
      }
      const bytes = await options.read(start, end);
      sinceRead = 0;
      for (let m = k; m < j; m++) {
        const s = items.sources[m] as number;
        visit(m, bytes.subarray(records.start(s) - start, records.end(s) - start));
      }
      k = j;
    }
    if (now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = now();
      options.onProgress(k);
    }
  }
  options.onProgress(total);
  return outcome;
}
