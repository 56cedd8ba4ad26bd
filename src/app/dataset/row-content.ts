/** The list's view of one decoded record (its summary and diagnostic codes, or its problem); used by the worker and the page. */
import { summarizeRecord, type RecordDecodeResult } from '../../core/index.ts';
import type { RowContent } from '../store/dataset-model.ts';

export function rowContent(result: RecordDecodeResult): RowContent {
  if (!result.ok) {
    const { kind, message, line, column } = result;
    return { problem: column === undefined ? { kind, message, line } : { kind, message, line, column } };
  }
  return { summary: summarizeRecord(result.record, result.dialect, result.diagnostics), codes: [...new Set(result.diagnostics.map((d) => d.code))] };
}
