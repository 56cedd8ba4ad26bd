/**
 * The bulk validation summary: for each diagnostic code, how many records have it, its severity
 * and one message as an example. Counts come from the rows (their codes); severity and example
 * from a small table the worker fills while it decodes (`noteCodes`), since rows do not keep
 * messages. Bad lines count under `line/<kind>` (filters.ts `problemCode`), as errors.
 */
import type { Diagnostic, Severity } from '../../model/diagnostic.ts';
import { problemCode, type FilterableRow } from './filters.ts';

export interface CodeInfo {
  severity: Severity;
  /** The first message seen with this code. */
  example: string;
}

export interface CodeCount extends Partial<CodeInfo> {
  code: string;
  /** Records that have the code. */
  records: number;
  /** Harmless differences of this kind (the rows' `harmlessCodes`), listed after every problem. */
  harmless?: true;
}

/** Adds the codes of `diagnostics` not yet in `table` (first message wins). */
export function noteCodes(table: Map<string, CodeInfo>, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) if (!table.has(d.code)) table.set(d.code, { severity: d.severity, example: d.message });
}

/** Adds a bad line's code with its message as the example. */
export function noteProblem(table: Map<string, CodeInfo>, kind: string, message: string): void {
  const code = problemCode(kind);
  if (!table.has(code)) table.set(code, { severity: 'error', example: message });
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function rank(count: CodeCount): number {
  return count.severity === undefined ? 3 : RANK[count.severity];
}

/**
 * One entry per code found in the rows of `ids` (all rows when omitted): errors first, then
 * warnings, then infos, then codes of unknown severity; within a severity, most records first, then by code.
 */
export function validationSummary(rows: readonly (FilterableRow | undefined)[], table: ReadonlyMap<string, CodeInfo>, ids?: Iterable<number>): CodeCount[] {
  const counts = new Map<string, number>();
  const harmless = new Map<string, number>();
  const add = (to: Map<string, number>, code: string): void => {
    to.set(code, (to.get(code) ?? 0) + 1);
  };
  const visit = (row: FilterableRow | undefined): void => {
    if (!row) return;
    if (row.problem) add(counts, problemCode(row.problem.kind));
    const harmlessHere = row.harmlessCodes;
    for (const code of row.codes ?? []) add(harmlessHere?.includes(code) ? harmless : counts, code);
  };
  if (ids) for (const id of ids) visit(rows[id]);
  else for (const row of rows) visit(row);
  const out: CodeCount[] = [];
  for (const [code, records] of counts) {
    // A code the table has not seen (rows restored from storage) is listed without severity or example.
    out.push({ code, records, ...table.get(code) });
  }
  const byRank = (a: CodeCount, b: CodeCount) => rank(a) - rank(b) || b.records - a.records || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const kinds: CodeCount[] = [];
  for (const [code, records] of harmless) kinds.push({ code, records, ...table.get(code), harmless: true });
  // Harmless differences never outrank a problem (issue 24): after all of them, whatever their severity.
  return [...out.sort(byRank), ...kinds.sort(byRank)];
}
