/**
 * Severity and an example message per diagnostic code, for the validation summary. Rows keep
 * only codes; for a code not yet described, the first record that has it is decoded once (a few
 * dozen codes, so a few dozen decodes), and the answer is kept for the dataset.
 */
import { noteCodes, noteProblem, type CodeInfo } from '../../../core/index.ts';
import { readRecordInput, useAppStore } from '../../store/index.ts';
import { datasetEngine } from '../engine.ts';

const table = new Map<string, CodeInfo>();
let tableFor: unknown;
const asked = new Set<string>();

/** The table for the open dataset (emptied when another one opens). */
export function codeTable(): ReadonlyMap<string, CodeInfo> {
  const { dataset } = useAppStore.getState();
  if (tableFor !== dataset) {
    table.clear();
    asked.clear();
    tableFor = dataset;
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
  const { datasetRows, datasetOrder } = state;
  for (const id of datasetOrder) {
    if (missing.size === 0) break;
    const row = datasetRows[id];
    if (!row) continue;
    const has = (row.codes ?? []).some((code) => missing.has(code)) || (row.problem !== undefined && missing.has(`line/${row.problem.kind}`));
    if (!has) continue;
    const result = datasetEngine.decode(await readRecordInput(useAppStore.getState(), id), row.line);
    if (result.ok) noteCodes(table, result.diagnostics);
    else noteProblem(table, result.kind, result.message);
    for (const code of [...missing]) if (table.has(code)) missing.delete(code);
  }
  return true;
}
