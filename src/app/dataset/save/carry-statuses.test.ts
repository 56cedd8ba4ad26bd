import { describe, expect, it } from 'vitest';
import { carryStatuses } from './carry-statuses.ts';

describe('carryStatuses', () => {
  it('moves statuses past deletions and additions as the writer lays the records out', () => {
    // Entries 0..5; 1 and 3 deleted; added 6 and 7 before the first, 8 after 2.
    // Written: [6, 7, 0, 2, 8, 4, 5] → 6→0, 0→2, 2→3, 8→4, 4→5, 5→6.
    const statuses = new Map([
      [7, 'edited'],
      [0, 'done'],
      [1, 'flagged'],
      [2, 'flagged'],
      [8, 'done'],
      [5, 'done'],
    ]);
    const changes = { deleted: new Set([1, 3]), inserted: new Map([[-1, [6, 7]], [2, [8]]]) };
    expect([...carryStatuses(statuses, changes, 6)].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 'edited'],
      [2, 'done'],
      [3, 'flagged'],
      [4, 'done'],
      [6, 'done'],
    ]);
  });

  it('keeps numbers when nothing moved', () => {
    expect([...carryStatuses(new Map([[7, 'done']]), { deleted: new Set(), inserted: new Map() }, 10)]).toEqual([[7, 'done']]);
  });
});
