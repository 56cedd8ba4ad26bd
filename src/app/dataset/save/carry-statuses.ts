/**
 * After Save writes the edits into the file, the file is a new one (new fingerprint, records
 * moved by deletions and additions); the edits are in it now, but the review marks (verdicts,
 * comments, labels, and that a record was edited) are not file content and must follow their records to their new numbers.
 */
import type { DatasetChanges, DatasetRow } from '../../store/index.ts';

/** The rows as they stand once Save wrote the edits: an edited record is marked `savedEdit`. */
export function rowsAfterSave(rows: readonly DatasetRow[], edited: ReadonlyMap<number, string>): readonly DatasetRow[] {
  if (edited.size === 0) return rows;
  const out = rows.slice();
  for (const id of edited.keys()) {
    const row = out[id];
    if (row) out[id] = { ...row, savedEdit: true };
  }
  return out;
}

/**
 * Each status under its record's entry number in the written file, laid out as the writers lay
 * it out (core's jsonl-writer and json-array-writer): the records added before the first, then
 * each original entry not deleted (blank lines included: they are entries too) followed by the
 * records added after it. A deleted record's status goes with it.
 */
export function carryStatuses(statuses: ReadonlyMap<number, string>, changes: Pick<DatasetChanges, 'deleted' | 'inserted'>, count: number): Map<number, string> {
  const carried = new Map<number, string>();
  let at = 0;
  const place = (id: number) => {
    const status = statuses.get(id);
    if (status !== undefined) carried.set(at, status);
    at++;
  };
  for (const id of changes.inserted.get(-1) ?? []) place(id);
  for (let id = 0; id < count; id++) {
    if (!changes.deleted.has(id)) place(id);
    for (const added of changes.inserted.get(id) ?? []) place(added);
  }
  return carried;
}
