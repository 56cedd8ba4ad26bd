/**
 * Filters of the record list: a pure function from the rows to the ids to show, in order. A row
 * is what the list knows of a record without decoding it again (its summary and diagnostic codes,
 * or why it is a bad line), and its lengths (lengths pass); a filter on something not known
 * yet (a record not summarised or not measured) does not show it.
 */
import type { RecordLengths } from '../lengths/record-lengths.ts';
import type { EmptyFieldKind } from '../empty-fields.ts';
import { DuplicateFinder } from '../../checks/duplicates.ts';
import type { RecordSummary } from '../record-summary.ts';

export interface FilterableRow {
  summary?: RecordSummary;
  /** The distinct diagnostic codes of the record. */
  codes?: readonly string[];
  /**
   * The codes of `codes` whose every diagnostic in the record is a harmless difference
   * (`Diagnostic.loss` 'harmless'): the validation summary lists them apart, below the problems.
   */
  harmlessCodes?: readonly string[];
  /** Set when the record is a bad line; its kind (`json`, `dialect`, …). */
  problem?: { kind: string };
  status: string;
  /** The number of open (unresolved) review comments on the record (the app's review), when known. */
  openComments?: number;
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
  /** Lengths (core/dataset/lengths), inclusive bounds; "longer than N tokens" is `minTokens: N + 1`. */
  minChars?: number;
  maxChars?: number;
  minTokens?: number;
  maxTokens?: number;
  minMessages?: number;
  maxMessages?: number;
  /** Records that break a token lint rule (maxTokens, minTrainedShare). */
  breaksTokenRules?: boolean;
  /** Records with an empty field of this kind (an empty assistant turn, empty arguments…). */
  emptyField?: EmptyFieldKind;
  /** Records with a warning diagnostic. */
  hasWarnings?: boolean;
  /** Only the records that have an exact duplicate, each group listed together (`duplicateOrder`). */
  duplicates?: boolean;
  /** Records with (true) or without (false) open review comments. */
  hasOpenComments?: boolean;
  /**
   * Only these records (ids), listed in the list's order: a set picked elsewhere, e.g. the
   * records of an agreement report's disagreements. `label` says in the filter bar what it is.
   */
  records?: { ids: readonly number[]; label: string };
}

/** A record's lengths as the lengths pass measured them, with the token rules it breaks; undefined: not measured (yet). */
export type LengthsOf = (id: number) => (RecordLengths & { ruleCodes?: readonly string[] }) | undefined;

const LENGTH_BOUNDS = [
  ['minChars', 'maxChars', 'chars'],
  ['minTokens', 'maxTokens', 'tokens'],
  ['minMessages', 'maxMessages', 'messages'],
] as const;

function needsLengths(filter: RecordFilter): boolean {
  return filter.breaksTokenRules !== undefined || LENGTH_BOUNDS.some(([min, max]) => filter[min] !== undefined || filter[max] !== undefined);
}

function matchesLengths(lengths: ReturnType<LengthsOf>, filter: RecordFilter): boolean {
  if (!lengths) return false;
  for (const [min, max, measure] of LENGTH_BOUNDS) {
    const low = filter[min];
    const high = filter[max];
    if (low === undefined && high === undefined) continue;
    const value = lengths[measure];
    if (value === undefined || (low !== undefined && value < low) || (high !== undefined && value > high)) return false;
  }
  if (filter.breaksTokenRules !== undefined && (lengths.ruleCodes !== undefined && lengths.ruleCodes.length > 0) !== filter.breaksTokenRules) return false;
  return true;
}

/** The code under which a bad line of this kind is counted and filtered: `line/json`, `line/dialect`, … */
export function problemCode(kind: string): string {
  return `line/${kind}`;
}

export function isFilterEmpty(filter: RecordFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}

/** `lengths`: the record's lengths, for the length filters (a record without them does not pass one). */
export function matchesFilter(row: FilterableRow, filter: RecordFilter, lengths?: ReturnType<LengthsOf>): boolean {
  const { summary, problem } = row;
  if (needsLengths(filter) && !matchesLengths(lengths, filter)) return false;
  if (filter.status !== undefined && row.status !== filter.status) return false;
  if (filter.hasOpenComments !== undefined && (row.openComments ?? 0) > 0 !== filter.hasOpenComments) return false;
  if (filter.code !== undefined && !(row.codes?.includes(filter.code) || (problem !== undefined && problemCode(problem.kind) === filter.code))) return false;
  // A record not checked yet has no known errors either way.
  if (filter.hasErrors !== undefined && (!(summary || problem) || hasErrors(row) !== filter.hasErrors)) return false;
  if (filter.hasWarnings !== undefined && (!(summary || problem) || (summary?.warnings ?? 0) > 0 !== filter.hasWarnings)) return false;
  const needsSummary = filter.hasToolCalls !== undefined || filter.hasThoughts !== undefined || filter.minTurns !== undefined || filter.maxTurns !== undefined || filter.dialect !== undefined || filter.emptyField !== undefined;
  if (!needsSummary) return true;
  if (!summary) return false;
  if (filter.hasToolCalls !== undefined && summary.hasToolCalls !== filter.hasToolCalls) return false;
  if (filter.hasThoughts !== undefined && summary.hasThoughts !== filter.hasThoughts) return false;
  if (filter.minTurns !== undefined && summary.turns < filter.minTurns) return false;
  if (filter.maxTurns !== undefined && summary.turns > filter.maxTurns) return false;
  if (filter.dialect !== undefined && summary.dialect !== filter.dialect) return false;
  if (filter.emptyField !== undefined && !summary.empty?.includes(filter.emptyField)) return false;
  return true;
}

function hasErrors(row: FilterableRow): boolean {
  return row.problem !== undefined || (row.summary?.errors ?? 0) > 0;
}

/**
 * The ids of `order` whose rows pass `filter` (rows are indexed by id), in the same order. An
 * empty filter gives `order` itself.
 */
export function filterOrder(rows: readonly (FilterableRow | undefined)[], order: readonly number[], filter: RecordFilter, lengthsOf?: LengthsOf): readonly number[] {
  if (isFilterEmpty(filter)) return order;
  const base = filter.duplicates ? duplicateOrder(rows, order) : order;
  const only = filter.records ? new Set(filter.records.ids) : undefined;
  return base.filter((id) => {
    const row = rows[id];
    return row !== undefined && (!only || only.has(id)) && matchesFilter(row, filter, lengthsOf?.(id));
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
