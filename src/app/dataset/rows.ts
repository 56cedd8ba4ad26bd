/** The list's rows of a freshly indexed file: every entry unreviewed, blank lines marked, contents to come. */
import { recordLine, type DatasetIndex } from '../../core/index.ts';
import type { DatasetRow } from '../store/index.ts';

/** `from`: the rows of entries `from` on only (a dataset growing as its rows are read). */
export function rowsFromIndex(index: DatasetIndex, from = 0): DatasetRow[] {
  const { records } = index;
  const rows: DatasetRow[] = new Array<DatasetRow>(Math.max(0, records.count - from));
  for (let i = from; i < records.count; i++) rows[i - from] = { line: recordLine(index, i), blank: records.blank(i), status: 'unreviewed' };
  return rows;
}
