/**
 * What the lengths worker does, as plain functions (testable in Node without a Worker): decode
 * each record as the dataset does (with the profile's dialect context), measure it (core's
 * measureRecord: characters of the render, messages, turns, tokens) and judge the token lint
 * rules on its tokens; over a whole file, a window of records at a time.
 */
import {
  checkRules,
  decodeRecordBytes,
  decodeRecordText,
  dialectContextOf,
  findFormat,
  measureRecord,
  type CheckProfile,
  type Diagnostic,
  type LintRules,
  type ParleyRecord,
  type RecordLengths,
} from '../../../core/index.ts';
import { TOKEN_CODES, type MaskOptions, type Tokenizer } from '../../../core/tokens/index.ts';

/** A record's lengths, and the codes of the token rules it breaks; undefined for a bad line. */
export interface LengthsRow extends RecordLengths {
  /** Codes of the token lint rules (maxTokens, minTrainedShare) it breaks. */
  ruleCodes?: string[];
  /**
   * What the token rules say of it, as `parley validate --rules R --tokenizer T` says it: the
   * rules' diagnostics, or the tokenizer's error (tokens/no-id) when it has no id for part of
   * the render and no rule can be judged. Counted with the record's other problems (judged-rows.ts).
   */
  ruleDiagnostics?: Diagnostic[];
  /** Why it has no token count (the tokenizer has no id for part of its render). */
  tokenError?: string;
}

/** The rules that need tokens (the others are judged by the dataset's checks without them); undefined: none. */
export function tokenRulesOf(rules: LintRules | undefined): LintRules | undefined {
  if (!rules) return undefined;
  const only: LintRules = {};
  if (rules.maxTokens !== undefined) only.maxTokens = rules.maxTokens;
  if (rules.minTrainedShare !== undefined) only.minTrainedShare = rules.minTrainedShare;
  return Object.keys(only).length > 0 ? only : undefined;
}

export interface Measurer {
  bytes(bytes: Uint8Array, line: number): LengthsRow | undefined;
  text(text: string, line: number): LengthsRow | undefined;
  /** A record already read (the one open in the editors, as it is being edited): measured as its text would be. */
  record(record: ParleyRecord): LengthsRow | undefined;
}

/** Measures records for `profile`, with `tokenizer` when there is one. */
export function measurer(profile: CheckProfile, tokenizer: Pick<Tokenizer, 'encode'> | undefined, mask: MaskOptions = {}): Measurer {
  const format = findFormat(profile.formatId);
  const context = dialectContextOf(profile);
  const rules = tokenizer ? tokenRulesOf(profile.rules) : undefined;
  const measureModel = (record: ParleyRecord): LengthsRow | undefined => {
    if (!format) return undefined;
    const measured = measureRecord(record, format, profile.formatOptions, tokenizer ? { tokenizer, mask } : undefined);
    const row: LengthsRow = { ...measured.lengths };
    if (measured.tokenError !== undefined) row.tokenError = measured.tokenError;
    if (rules && measured.tokens) {
      const broken = checkRules(record, rules, measured.tokens);
      if (broken.length > 0) {
        row.ruleCodes = [...new Set(broken.map((d) => d.code))];
        row.ruleDiagnostics = broken;
      }
    }
    // The command's words for it (cli/record-check.ts): an error on the record, the token rules left out.
    if (rules && measured.tokenError !== undefined) row.ruleDiagnostics = [{ severity: 'error', code: TOKEN_CODES.noId, message: measured.tokenError }];
    return row;
  };
  const measure = (result: ReturnType<typeof decodeRecordText>): LengthsRow | undefined => (result.ok ? measureModel(result.record) : undefined);
  return {
    bytes: (bytes, line) => measure(decodeRecordBytes(bytes, line, context)),
    text: (text, line) => measure(decodeRecordText(text, line, context)),
    record: measureModel,
  };
}

/** The index as the pass needs it: where each record is, and whether it is a blank line. */
export interface RecordSpans {
  count: number;
  start(i: number): number;
  end(i: number): number;
  blank(i: number): boolean;
}

/** Bytes read from the file at once (as the dataset worker's second pass): few large reads; a longer record is read alone. */
export const LENGTHS_WINDOW_BYTES = 8 * 1024 * 1024;
/** Rows sent to the page in one message: a message every few hundred milliseconds while tokenizing. */
export const LENGTHS_BATCH = 2000;

/** `Row`: what a pass makes of a record (the lengths; the template regression's comparison, regression/). */
export interface PassOptions<Row = LengthsRow> {
  read: (start: number, end: number) => Promise<Uint8Array>;
  measure: (bytes: Uint8Array, i: number) => Row | undefined;
  /** Rows `from`, `from + 1`, … measured (null: a blank line or a bad one). */
  emit: (from: number, rows: (Row | null)[]) => void;
  onProgress: (done: number) => void;
  /** Checked between records: stop when true. */
  cancelled: () => boolean;
  /** Lets other messages (a cancel, an edited record) in between windows. */
  pause?: () => Promise<void>;
  windowBytes?: number;
  batch?: number;
}

/** Measures every record of `spans` from `first` on; false when it was cancelled. */
export async function measureAll<Row = LengthsRow>(spans: RecordSpans, options: PassOptions<Row>, first = 0): Promise<boolean> {
  const windowBytes = options.windowBytes ?? LENGTHS_WINDOW_BYTES;
  const batch = options.batch ?? LENGTHS_BATCH;
  let pending: (Row | null)[] = [];
  let pendingFrom = first;
  const flush = (next: number): void => {
    if (pending.length > 0) options.emit(pendingFrom, pending);
    pending = [];
    pendingFrom = next;
  };
  let i = first;
  while (i < spans.count) {
    const start = spans.start(i);
    let j = i + 1;
    while (j < spans.count && spans.end(j) - start <= windowBytes) j++;
    const bytes = await options.read(start, spans.end(j - 1));
    for (let k = i; k < j; k++) {
      if (options.cancelled()) {
        flush(k);
        return false;
      }
      pending.push(spans.blank(k) ? null : (options.measure(bytes.subarray(spans.start(k) - start, spans.end(k) - start), k) ?? null));
      if (pending.length >= batch) {
        flush(k + 1);
        options.onProgress(k + 1);
        await options.pause?.();
      }
    }
    i = j;
  }
  flush(spans.count);
  options.onProgress(spans.count);
  return true;
}
