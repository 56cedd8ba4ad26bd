/**
 * What the record list shows: the records the search found (when "only matching records" is on),
 * then the filter, in file order. Null when neither applies: the list shows every record.
 */
import { filterOrder, isFilterEmpty, type FilterableRow, type LengthsOf, type RecordFilter } from '../../../core/index.ts';
import type { SearchFound } from '../search/search-protocol.ts';

/** `lengthsOf`: each record's lengths, for the length filters (lengths/). */
export function computeViewOrder(rows: readonly (FilterableRow | undefined)[], datasetOrder: readonly number[], found: SearchFound | null, filter: RecordFilter, lengthsOf?: LengthsOf): readonly number[] | null {
  let base: readonly number[] = datasetOrder;
  if (found) {
    // Records deleted since the search are no longer listed.
    const listed = new Set(datasetOrder);
    base = found.ids.filter((id) => listed.has(id));
  } else if (isFilterEmpty(filter)) return null;
  return filterOrder(rows, base, filter, lengthsOf);
}

export function sameOrder(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
