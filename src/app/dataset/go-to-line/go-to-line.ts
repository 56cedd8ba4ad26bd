/**
 * "Go to line N" in dataset mode: which record starts at line N of the file, or why none does, in
 * words the person can act on (outside the file, a blank line, inside a record that spans lines).
 */

/** The shortcut, as shown (Ctrl or ⌘ with G; matched in GoToLineDialog.tsx). The browser's "find next" is not needed in the app. */
export const GO_TO_LINE_KEYS = 'Ctrl+G';

/** What a row needs for this: where it starts, whether it is a blank line (not a record). */
export interface LineRow {
  line: number;
  blank: boolean;
}

export type LineTarget = { ok: true; id: number } | { ok: false; message: string };

/** The record of `rows` (by id) at line `n`, among the rows that are records. */
export function recordAtLine(rows: readonly (LineRow | undefined)[], n: number): LineTarget {
  if (!Number.isInteger(n)) return { ok: false, message: 'Type a whole line number, such as 12.' };
  let last = 0;
  let before: { id: number; line: number } | undefined;
  for (let id = 0; id < rows.length; id++) {
    const row = rows[id];
    if (!row) continue;
    last = Math.max(last, row.line);
    if (row.blank) continue;
    if (row.line === n) return { ok: true, id };
    if (row.line < n && (!before || row.line > before.line)) before = { id, line: row.line };
  }
  if (last === 0) return { ok: false, message: 'The dataset has no lines.' };
  if (n < 1 || n > last) return { ok: false, message: `Line ${n} is outside the file: it has lines 1 to ${last.toLocaleString('en')}.` };
  const blank = rows.some((row) => row?.blank && row.line === n);
  if (blank) return { ok: false, message: `Line ${n} is blank: no record starts there.` };
  return { ok: false, message: before ? `No record starts at line ${n}: it is inside the record that starts at line ${before.line}.` : `No record starts at line ${n}.` };
}

/**
 * The record at row `n` of a dataset opened from Parquet: rows are numbered from 0, as the list
 * shows them (and pandas and `datasets` index them); each row is one line of the JSON Lines the
 * dataset works on, so row n is line n + 1 and there are no blank lines or records across lines.
 * `rows` as for recordAtLine: a deleted row is undefined.
 */
export function recordAtRow(rows: readonly (LineRow | undefined)[], n: number): LineTarget {
  if (!Number.isInteger(n)) return { ok: false, message: 'Type a whole row number, such as 12.' };
  const target = recordAtLine(rows, n + 1);
  if (target.ok) return target;
  let last = 0;
  for (const row of rows) if (row && row.line > last) last = row.line;
  if (last === 0) return { ok: false, message: 'The dataset has no rows.' };
  if (n < 0 || n + 1 > last) return { ok: false, message: `Row ${n} is outside the file: it has rows 0 to ${(last - 1).toLocaleString('en')}.` };
  return { ok: false, message: `Row ${n} is deleted (Undo brings it back).` };
}
