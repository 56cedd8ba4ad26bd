import { describe, expect, it } from 'vitest';
import { exportRows, hasAddedRows } from './export-rows.ts';

const groups = [
  { start: 0, rows: 3 },
  { start: 3, rows: 2 },
];

describe('exportRows', () => {
  it('keeps every row in order by row group when nothing changed', () => {
    const rows = exportRows({}, groups);
    expect(rows).toEqual([[{ row: 0 }, { row: 1 }, { row: 2 }], [{ row: 3 }, { row: 4 }]]);
    expect(hasAddedRows(rows)).toBe(false);
  });

  it('leaves deleted rows out, carries edits, and puts added rows after the row they follow', () => {
    const rows = exportRows(
      {
        edited: new Map([[1, '{"messages":[]}']]),
        deleted: new Set([0, 4]),
        inserted: new Map([
          [-1, ['{"a":1}']],
          [2, [{ copyOf: 1 }]],
          [4, ['{"b":2}']],
        ]),
      },
      groups,
    );
    expect(rows).toEqual([
      [{ added: '{"a":1}' }, { row: 1, text: '{"messages":[]}' }, { row: 2 }, { added: { copyOf: 1 } }],
      [{ row: 3 }, { added: '{"b":2}' }],
    ]);
    expect(hasAddedRows(rows)).toBe(true);
  });
});
