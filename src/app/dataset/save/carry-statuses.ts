/**
 * After Save writes the edits into the file, the file is a new one (new fingerprint, records
 * moved by deletions and insertions); the edits are in it now, but the statuses (done, flagged)
 * are not file content and must follow their records to their new numbers.
 */
import type { DatasetEdits } from '../../../core/dataset/index.ts';

/**
 * Each status of an original record that was written, under the record's number in the written
 * file. A deleted record's status goes with it. Inserted records are placed as the writers place
 * them: those after record i (-1: before the first) come right after it.
 */
export function carryStatuses(statuses: ReadonlyMap<number, string>, edits: DatasetEdits): Map<number, string> {
  const deleted = edits.deleted ?? new Set<number>();
  // Records inserted before original record r: the insertions after each i < r.
  const insertions = [...(edits.inserted ?? new Map()).entries()].map(([after, records]) => [after, records.length] as const).sort((a, b) => a[0] - b[0]);
  const deletedSorted = [...deleted].sort((a, b) => a - b);
  const carried = new Map<number, string>();
  const sorted = [...statuses.entries()].sort((a, b) => a[0] - b[0]);
  let d = 0;
  let n = 0;
  let inserted = 0;
  for (const [index, status] of sorted) {
    if (deleted.has(index)) continue;
    while (d < deletedSorted.length && (deletedSorted[d] as number) < index) d++;
    for (let next = insertions[n]; next !== undefined && next[0] < index; next = insertions[++n]) inserted += next[1];
    carried.set(index - d + inserted, status);
  }
  return carried;
}
