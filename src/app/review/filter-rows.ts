/**
 * The rows the list's filters look at (core's filterOrder): a row's status as the list shows it
 * (`edited` for an edited record without a verdict: editing is a fact of the dataset, not a
 * status) and its open comments. The store's rows are passed as they are when neither filter is
 * on, so the usual filter costs nothing more.
 */
import type { FilterableRow, RecordFilter } from '../../core/index.ts';
import type { DatasetChanges, DatasetRow } from '../store/index.ts';
import { openCommentCount } from './review-mark.ts';

export function reviewFilterRows(rows: readonly DatasetRow[], changes: Pick<DatasetChanges, 'edited'>, filter: RecordFilter): readonly (FilterableRow | undefined)[] {
  if (filter.status === undefined && filter.hasOpenComments === undefined) return rows;
  return rows.map((row, id) => {
    if (row === undefined) return undefined;
    const edited = changes.edited.has(id) || row.savedEdit === true;
    return { ...row, status: row.status === 'unreviewed' && edited ? 'edited' : row.status, openComments: openCommentCount(row.review) };
  });
}
