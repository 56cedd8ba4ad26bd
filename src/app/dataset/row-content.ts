/** The list's view of one decoded record (its summary and diagnostic codes, or its problem); used by the worker and the page. */
import { summarizeRecord, validateRecord, type RecordDecodeResult } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';

export function rowContent(result: RecordDecodeResult): RowContent {
  if (!result.ok) {
    const { kind, message, line, column } = result;
    return { problem: column === undefined ? { kind, message, line } : { kind, message, line, column } };
  }
  const diagnostics = [...result.diagnostics, ...validateRecord(result.record, { once: true })];
  return { summary: summarizeRecord(result.record, result.dialect, diagnostics), codes: [...new Set(diagnostics.map((d) => d.code))] };
}
