import { describe, expect, it } from 'vitest';
import { recordAtLine, recordAtRow, type LineRow } from './go-to-line.ts';

const record = (line: number): LineRow => ({ line, blank: false });
const blank = (line: number): LineRow => ({ line, blank: true });

describe('recordAtLine', () => {
  // Lines 1, 2, (3 blank), 4; a pretty-printed array's record 5 spans lines 5 to 9.
  const rows = [record(1), record(2), blank(3), record(4), record(5)];

  it('finds the record that starts at the line', () => {
    expect(recordAtLine(rows, 1)).toEqual({ ok: true, id: 0 });
    expect(recordAtLine(rows, 4)).toEqual({ ok: true, id: 3 });
  });

  it('says when the line is outside the file, with the lines it has', () => {
    expect(recordAtLine(rows, 0)).toEqual({ ok: false, message: 'Line 0 is outside the file: it has lines 1 to 5.' });
    expect(recordAtLine(rows, 6)).toEqual({ ok: false, message: 'Line 6 is outside the file: it has lines 1 to 5.' });
  });

  it('says a blank line holds no record', () => {
    expect(recordAtLine(rows, 3)).toEqual({ ok: false, message: 'Line 3 is blank: no record starts there.' });
  });

  it('names the record a line falls inside', () => {
    const spanning = [record(1), record(6)];
    expect(recordAtLine(spanning, 4)).toEqual({ ok: false, message: 'No record starts at line 4: it is inside the record that starts at line 1.' });
  });

  it('asks for a whole number', () => {
    expect(recordAtLine(rows, 2.5).ok).toBe(false);
    expect(recordAtLine(rows, Number.NaN)).toEqual({ ok: false, message: 'Type a whole line number, such as 12.' });
  });

  it('skips deleted rows (undefined)', () => {
    expect(recordAtLine([undefined, record(2)], 2)).toEqual({ ok: true, id: 1 });
  });
});

describe('recordAtRow (a dataset opened from Parquet: row n is line n + 1)', () => {
  // Rows 0 to 3; row 2 deleted.
  const rows = [record(1), record(2), undefined, record(4)];

  it('finds the record at the row, counted from 0 as the list shows it', () => {
    expect(recordAtRow(rows, 0)).toEqual({ ok: true, id: 0 });
    expect(recordAtRow(rows, 3)).toEqual({ ok: true, id: 3 });
  });

  it('says when the row is outside the file, with the rows it has, in rows', () => {
    expect(recordAtRow(rows, -1)).toEqual({ ok: false, message: 'Row -1 is outside the file: it has rows 0 to 3.' });
    expect(recordAtRow(rows, 4)).toEqual({ ok: false, message: 'Row 4 is outside the file: it has rows 0 to 3.' });
  });

  it('says a deleted row is deleted, not that it is inside another record', () => {
    expect(recordAtRow(rows, 2)).toEqual({ ok: false, message: 'Row 2 is deleted (Undo brings it back).' });
  });

  it('asks for a whole number', () => {
    expect(recordAtRow(rows, 1.5)).toEqual({ ok: false, message: 'Type a whole row number, such as 12.' });
  });
});
