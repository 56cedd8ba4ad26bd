/**
 * The rows of a Parquet export, in order, from the dataset's changes: each original row kept
 * (its edit, if any), deleted rows left out, added rows (a duplicate, a new record) where they
 * were added. Grouped by the origin's row groups, so the export reads one row group of the
 * origin at a time: an added row goes with the row group of the row it follows (before the
 * first row: the first row group).
 */
import type { DatasetEdits, NewRecord } from '../../../core/index.ts';

export type ExportRow =
  /** Original row `row`: its other columns kept; `text` its edit (else its own record). */
  | { row: number; text?: string }
  /** An added row: its record's text, or the record it copies; its other columns null. */
  | { added: NewRecord };

/** The export's rows by origin row group (`groups`: each one's first row and rows). */
export function exportRows(edits: DatasetEdits, groups: readonly { start: number; rows: number }[]): ExportRow[][] {
  const out: ExportRow[][] = groups.map(() => []);
  const added = (after: number, into: ExportRow[]): void => {
    for (const record of edits.inserted?.get(after) ?? []) into.push({ added: record });
  };
  groups.forEach((group, g) => {
    const into = out[g] as ExportRow[];
    if (g === 0) added(-1, into);
    for (let row = group.start; row < group.start + group.rows; row++) {
      if (!edits.deleted?.has(row)) {
        const text = edits.edited?.get(row);
        into.push(text === undefined ? { row } : { row, text });
      }
      added(row, into);
    }
  });
  return out;
}

/** Whether any row is added (its other columns must then take null). */
export function hasAddedRows(rows: readonly ExportRow[][]): boolean {
  return rows.some((group) => group.some((row) => 'added' in row));
}
