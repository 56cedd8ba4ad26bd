/**
 * What the list and the panel read of the lengths: a record's lengths by id (its edit's when it
 * was edited, its source's for an unedited copy), the values of a measure over the listed
 * records, and the list's order after a sort by a length.
 */
import { sortByValue, type LengthMeasure, type LengthsOf, type RecordFilter } from '../../../core/index.ts';
import type { DatasetChanges } from '../../store/index.ts';
import type { LengthsRow } from './lengths-logic.ts';
import type { LengthSort, LengthsState } from './lengths-store.ts';

/** The lengths of record `id`, or undefined when not known (not measured yet, or not a record). */
export function lengthsOfRecord(state: Pick<LengthsState, 'fileRows' | 'textRows'>, changes: DatasetChanges, count: number, id: number): LengthsRow | undefined {
  if (changes.edited.has(id)) return state.textRows.get(id) ?? undefined;
  const original = id < count ? id : changes.copies.get(id);
  return original === undefined ? undefined : (state.fileRows[original] ?? undefined);
}

export function lengthsLookup(state: Pick<LengthsState, 'fileRows' | 'textRows'>, changes: DatasetChanges, count: number): LengthsOf {
  return (id) => lengthsOfRecord(state, changes, count, id);
}

/** The known values of `measure` over `ids`. */
export function valuesOver(ids: readonly number[], lengthsOf: LengthsOf, measure: LengthMeasure): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const value = lengthsOf(id)?.[measure];
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** `order` (null: the whole dataset in file order) sorted by `sort`; unchanged without one. */
export function sortedOrder(order: readonly number[] | null, datasetOrder: readonly number[], sort: LengthSort | null, lengthsOf: LengthsOf): readonly number[] | null {
  if (!sort) return order;
  return sortByValue(order ?? datasetOrder, (id) => lengthsOf(id)?.[sort.measure], sort.descending);
}

/** The filter has a bound on a length or on the token rules (it needs the lengths pass). */
export function lengthFilterOn(filter: RecordFilter): boolean {
  const { minChars, maxChars, minTokens, maxTokens, minMessages, maxMessages, breaksTokenRules } = filter;
  return [minChars, maxChars, minTokens, maxTokens, minMessages, maxMessages, breaksTokenRules].some((value) => value !== undefined);
}
