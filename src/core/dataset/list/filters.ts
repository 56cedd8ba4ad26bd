/**
 * Filters of the record list: a pure function from the rows to the ids to show, in order. A row
 * is what the list knows of a record without decoding it again (its summary and diagnostic codes,
 * or why it is a bad line); a filter on something a row does not know yet (a record not
 * summarised) does not show it.
 */
import { DuplicateFinder } from '../../checks/duplicates.ts';
import type { RecordSummary } from '../record-summary.ts';

export interface FilterableRow {
  summary?: RecordSummary;
  /** The distinct diagnostic codes of the record. */
  codes?: readonly string[];
  /** Set when the record is a bad line; its kind (`json`, `dialect`, …). */
  problem?: { kind: string };
  status: string;
  /** The record's content key (core/checks contentKey), for exact duplicates; absent for a bad line. */
  key?: string;
}

export interface RecordFilter {
  /** Records with an error diagnostic, or bad lines. */
  hasErrors?: boolean;
  hasToolCalls?: boolean;
  hasThoughts?: boolean;
  /** Number of turns (user messages), inclusive bounds. */
  minTurns?: number;
  maxTurns?: number;
  status?: string;
  dialect?: string;
  /** A diagnostic code, or a bad-line code from `problemCode`. */
  code?: string;
  /** Records with a warning diagnostic. */
  hasWarnings?: boolean;
  /** Only the records that have an exact duplicate, each group listed together (`duplicateOrder`). */
  duplicates?: boolean;
}

/** The code under which a bad line of this kind is counted and filtered: `line/json`, `line/dialect`, … */
export function problemCode(kind: string): string {
  return `line/${kind}`;
}

export function isFilterEmpty(filter: RecordFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}

export function matchesFilter(row: FilterableRow, filter: RecordFilter): boolean {
  const { summary, problem } = row;
  if (filter.status !== undefined && row.status !== filter.status) return false;
  if (filter.code !== undefined && !(row.codes?.includes(filter.code) || (problem !== undefined && problemCode(problem.kind) === filter.code))) return false;
  // A record not checked yet has no known errors either way.
  if (filter.hasErrors !== undefined && (!(summary || problem) || hasErrors(row) !== filter.hasErrors)) return false;
  if (filter.hasWarnings !== undefined && (!(summary || problem) || (summary?.warnings ?? 0) > 0 !== filter.hasWarnings)) return false;
  const needsSummary = filter.hasToolCalls !== undefined || filter.hasThoughts !== undefined || filter.minTurns !== undefined || filter.maxTurns !== undefined || filter.dialect !== undefined;
  if (!needsSummary) return true;
  if (!summary) return false;
  if (filter.hasToolCalls !== undefined && summary.hasToolCalls !== filter.hasToolCalls) return false;
  if (filter.hasThoughts !== undefined && summary.hasThoughts !== filter.hasThoughts) return false;
  if (filter.minTurns !== undefined && summary.turns < filter.minTurns) return false;
  if (filter.maxTurns !== undefined && summary.turns > filter.maxTurns) return false;
  if (filter.dialect !== undefined && summary.dialect !== filter.dialect) return false;
  return true;
}

function hasErrors(row: FilterableRow): boolean {
  return row.problem !== undefined || (row.summary?.errors ?? 0) > 0;
}

/**
 * The ids of `order` whose rows pass `filter` (rows are indexed by id), in the same order. An
 * empty filter gives `order` itself.
 */
export function filterOrder(rows: readonly (FilterableRow | undefined)[], order: readonly number[], filter: RecordFilter): readonly number[] {
  if (isFilterEmpty(filter)) return order;
  const base = filter.duplicates ? duplicateOrder(rows, order) : order;
  return base.filter((id) => {
    const row = rows[id];
    return row !== undefined && matchesFilter(row, filter);
  });
}

/**
 * The ids of `order` that share their content with another id of `order`, each group together
 * (in `order`'s order within a group), the groups in the order of their first record. A
 * duplicate is a property of the file, not of a record: only the listed records count.
 */
export function duplicateOrder(rows: readonly (FilterableRow | undefined)[], order: readonly number[]): number[] {
  const finder = new DuplicateFinder();
  for (const id of order) {
    const key = rows[id]?.key;
    if (key !== undefined) finder.add(id, key);
  }
  return finder.groups().flat();
}
