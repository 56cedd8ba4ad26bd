import { describe, expect, it } from 'vitest';
import { carryStatuses } from './carry-statuses.ts';

describe('carryStatuses', () => {
  it('moves statuses past deletions and insertions as the writer lays the records out', () => {
    // Original records 0..5; delete 1 and 3; insert two records before the first and one after 2.
    // Written: [new, new, 0, 2, new, 4, 5] → 0→2, 2→3, 4→5, 5→6.
    const statuses = new Map([
      [0, 'done'],
      [1, 'flagged'],
      [2, 'flagged'],
      [4, 'done'],
      [5, 'done'],
    ]);
    const edits = { deleted: new Set([1, 3]), inserted: new Map([[-1, ['a', 'b']], [2, [{ copyOf: 0 }]]]) };
    expect([...carryStatuses(statuses, edits)]).toEqual([
      [2, 'done'],
      [3, 'flagged'],
      [5, 'done'],
      [6, 'done'],
    ]);
  });

  it('keeps numbers when nothing moved', () => {
    expect([...carryStatuses(new Map([[7, 'done']]), { edited: new Map([[7, '{}']]) })]).toEqual([[7, 'done']]);
  });
});
