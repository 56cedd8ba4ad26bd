/**
 * The rows as the dataset judges them: each row's checks (the checking workers' pass:
 * checkRecord without tokens) plus what the token rules (maxTokens, minTrainedShare) say of it,
 * judged by the lengths pass with the tokenizer in its own worker (lengths/lengths-logic.ts). So
 * a row's counts, the Errors and Warnings filters, the Validation summary and Alt+N count a
 * token rule as `parley validate --rules R --tokenizer T` does. The token rules' codes
 * (rules/maxTokens, rules/minTrainedShare, tokens/no-id) are never reported by the checks
 * without tokens, so judging is a sum: no diagnostic is counted twice.
 *
 * The rows in the store stay the workers' (a new pass, an edit, an undo replace them without
 * knowing about tokens); the lengths pass keeps its own rows; this joins the two where they are
 * read, and keeps the store's array itself when no token rule is broken.
 */
import { needsTokens, type Diagnostic } from '../../core/index.ts';
import { useAppStore, type AppState, type DatasetRow } from '../store/index.ts';
import { lengthsStore, useLengths, type LengthsState } from './lengths/lengths-store.ts';
import { lengthsOfRecord } from './lengths/lengths-view.ts';

/** The token rules' diagnostics of record `id`, or undefined when none (or not measured). */
export type TokenRulesOf = (id: number) => readonly Diagnostic[] | undefined;

/** `row` with `extra` (the token rules' diagnostics) counted in its summary and codes. */
export function judgedRow(row: DatasetRow, extra: readonly Diagnostic[]): DatasetRow {
  // A bad line has no checks to add to; a row not checked yet shows "not checked yet" until its checks arrive.
  if (!row.summary || extra.length === 0) return row;
  let errors = 0;
  let warnings = 0;
  for (const d of extra) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  const summary = { ...row.summary, diagnostics: row.summary.diagnostics + extra.length, errors: row.summary.errors + errors, warnings: (row.summary.warnings ?? 0) + warnings };
  return { ...row, summary, codes: [...new Set([...(row.codes ?? []), ...extra.map((d) => d.code)])] };
}

/** `rows` with each row's token rules counted; `rows` itself when no row breaks one. */
export function judgedRows(rows: readonly DatasetRow[], tokenRulesOf: TokenRulesOf): readonly DatasetRow[] {
  let out: DatasetRow[] | undefined;
  for (let id = 0; id < rows.length; id++) {
    const row = rows[id];
    const extra = row === undefined ? undefined : tokenRulesOf(id);
    if (row === undefined || extra === undefined || extra.length === 0) continue;
    out ??= rows.slice();
    out[id] = judgedRow(row, extra);
  }
  return out ?? rows;
}

type Inputs = Pick<AppState, 'dataset' | 'datasetRows' | 'datasetChanges'>;
type LengthsInputs = Pick<LengthsState, 'fileRows' | 'textRows' | 'rules'>;

/** The token rules' diagnostics of each record, from the lengths pass (an edited record's from its text). */
export function tokenRulesLookup(app: Inputs, lengths: LengthsInputs): TokenRulesOf | undefined {
  if (!app.dataset || !lengths.rules || !needsTokens(lengths.rules)) return undefined;
  const { datasetChanges } = app;
  const count = app.dataset.count;
  return (id) => lengthsOfRecord(lengths, datasetChanges, count, id)?.ruleDiagnostics;
}

let last: { app: Inputs; lengths: LengthsInputs; rows: readonly DatasetRow[] } | undefined;

/** The judged rows of the open dataset now (kept while neither store's inputs change: the list, the filters and Alt+N share one array). */
export function currentJudgedRows(app: Inputs = useAppStore.getState(), lengths: LengthsInputs = lengthsStore.getState()): readonly DatasetRow[] {
  if (
    last &&
    last.app.dataset === app.dataset &&
    last.app.datasetRows === app.datasetRows &&
    last.app.datasetChanges === app.datasetChanges &&
    last.lengths.fileRows === lengths.fileRows &&
    last.lengths.textRows === lengths.textRows &&
    last.lengths.rules === lengths.rules
  ) {
    return last.rows;
  }
  const lookup = tokenRulesLookup(app, lengths);
  const rows = lookup ? judgedRows(app.datasetRows, lookup) : app.datasetRows;
  last = { app: { dataset: app.dataset, datasetRows: app.datasetRows, datasetChanges: app.datasetChanges }, lengths: { fileRows: lengths.fileRows, textRows: lengths.textRows, rules: lengths.rules }, rows };
  return rows;
}

/** The judged rows, re-read when the dataset's rows or the lengths pass's change. */
export function useJudgedRows(): readonly DatasetRow[] {
  const dataset = useAppStore((s) => s.dataset);
  const datasetRows = useAppStore((s) => s.datasetRows);
  const datasetChanges = useAppStore((s) => s.datasetChanges);
  const fileRows = useLengths((s) => s.fileRows);
  const textRows = useLengths((s) => s.textRows);
  const rules = useLengths((s) => s.rules);
  return currentJudgedRows({ dataset, datasetRows, datasetChanges }, { fileRows, textRows, rules });
}
