/**
 * Severity and an example message per diagnostic code, for the validation summary. Rows keep
 * only codes; for a code not yet described, the first record that has it is decoded and checked
 * once (checkRecord with the store's profile, as its row was: a few dozen codes, so a few dozen
 * checks), and the answer is kept for the dataset and profile. The token rules' codes are
 * described by the lengths pass's diagnostics of the record (judged-rows.ts).
 */
import { checkRecord, noteCodes, noteProblem, sameProfile, type CheckProfile, type CodeInfo } from '../../../core/index.ts';
import { profileOf, readRecordInput, useAppStore } from '../../store/index.ts';
import { datasetEngine } from '../engine.ts';
import { currentJudgedRows, tokenRulesLookup } from '../judged-rows.ts';
import { lengthsStore } from '../lengths/lengths-store.ts';

const table = new Map<string, CodeInfo>();
let tableFor: { dataset: unknown; profile: CheckProfile } | undefined;
const asked = new Set<string>();

/** The table for the open dataset and profile (emptied when another dataset opens or the records are checked otherwise). */
export function codeTable(): ReadonlyMap<string, CodeInfo> {
  const state = useAppStore.getState();
  const profile = profileOf(state);
  if (tableFor?.dataset !== state.dataset || !sameProfile(tableFor.profile, profile)) {
    table.clear();
    asked.clear();
    tableFor = { dataset: state.dataset, profile };
  }
  return table;
}

/** Describes the codes the table lacks; resolves true when it learnt something. */
export async function describeCodes(codes: readonly string[]): Promise<boolean> {
  const state = useAppStore.getState();
  const known = codeTable();
  const missing = new Set(codes.filter((code) => !known.has(code) && !asked.has(code)));
  if (missing.size === 0 || !state.dataset) return false;
  for (const code of missing) asked.add(code);
  const { datasetOrder } = state;
  // The token rules' codes are in the judged rows only, with their diagnostics (judged-rows.ts).
  const rows = currentJudgedRows(state);
  const tokenRulesOf = tokenRulesLookup(state, lengthsStore.getState());
  for (const id of datasetOrder) {
    if (missing.size === 0) break;
    const row = rows[id];
    if (!row) continue;
    const has = (row.codes ?? []).some((code) => missing.has(code)) || (row.problem !== undefined && missing.has(`line/${row.problem.kind}`));
    if (!has) continue;
    const tokenRules = tokenRulesOf?.(id);
    if (tokenRules) noteCodes(table, tokenRules);
    const result = datasetEngine.decode(await readRecordInput(useAppStore.getState(), id), row.line);
    if (result.ok) noteCodes(table, checkRecord({ record: result.record, readerDiagnostics: result.diagnostics }, profileOf(useAppStore.getState()), { once: true }).diagnostics);
    else noteProblem(table, result.kind, result.message);
    for (const code of [...missing]) if (table.has(code)) missing.delete(code);
  }
  return true;
}
