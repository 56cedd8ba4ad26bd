/**
 * The list's view of one decoded record: its summary, the codes of its diagnostics and its
 * content key (exact duplicates), or its problem. Used by the dataset worker's pass and by the
 * page (an edit, a record opened before the pass reached it), with the same profile, so that a
 * record's row says what the editors say of it.
 */
import { checkRecord, contentKey, summarizeRecord, type CheckProfile, type RecordDecodeResult } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';

export function rowContent(result: RecordDecodeResult, profile: CheckProfile): RowContent {
  if (!result.ok) {
    const { kind, message, line, column } = result;
    return { problem: column === undefined ? { kind, message, line } : { kind, message, line, column } };
  }
  // once: the record is checked and dropped (no per-message memo kept for it).
  const check = checkRecord({ record: result.record, readerDiagnostics: result.diagnostics }, profile, { once: true });
  return { summary: summarizeRecord(result.record, result.dialect, check.diagnostics), codes: check.codes, key: contentKey(result.text) };
}
