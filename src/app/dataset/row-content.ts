/**
 * The list's view of one decoded record: its summary, the codes of its diagnostics and its
 * content key (exact duplicates), or its problem. Used by the dataset worker's pass and by the
 * page (an edit, a record opened before the pass reached it), with the same profile, so that a
 * record's row says what the editors say of it.
 */
import { checkRecord, contentKey, summarizeRecord, type CheckProfile, type Diagnostic, type RecordDecodeResult } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';

export function rowContent(result: RecordDecodeResult, profile: CheckProfile): RowContent {
  if (!result.ok) {
    const { kind, message, line, column } = result;
    return { problem: column === undefined ? { kind, message, line } : { kind, message, line, column } };
  }
  // once: the record is checked and dropped (no per-message memo kept for it).
  const check = checkRecord({ record: result.record, readerDiagnostics: result.diagnostics }, profile, { once: true });
  const harmlessCodes = harmlessOnly(check.diagnostics);
  return { summary: summarizeRecord(result.record, result.dialect, check.diagnostics), codes: check.codes, ...(harmlessCodes.length > 0 && { harmlessCodes }), key: contentKey(result.text) };
}

/** The codes whose every diagnostic is a harmless difference (`loss: 'harmless'`): the summary lists them apart. */
export function harmlessOnly(diagnostics: readonly Pick<Diagnostic, 'code' | 'loss'>[]): string[] {
  const harmless = new Set<string>();
  const real = new Set<string>();
  for (const d of diagnostics) (d.loss === 'harmless' ? harmless : real).add(d.code);
  return [...harmless].filter((code) => !real.has(code));
}
