/** The list's rows of a freshly indexed file: every entry unreviewed, blank lines marked, contents to come. */
import { recordLine, type DatasetIndex } from '../../core/index.ts';
import type { DatasetRow } from '../store/index.ts';

export function rowsFromIndex(index: DatasetIndex): DatasetRow[] {
  const { records } = index;
  const rows: DatasetRow[] = new Array<DatasetRow>(records.count);
  for (let i = 0; i < records.count; i++) rows[i] = { line: recordLine(index, i), blank: records.blank(i), status: 'unreviewed' };
  return rows;
}
