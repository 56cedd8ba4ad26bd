import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChanges, countWork, diffWork, EMPTY_WORK, mergeChanges, type DatasetWork } from './dataset-work.ts';

function work(parts: Partial<DatasetWork>): DatasetWork {
  return { ...EMPTY_WORK, ...parts };
}

/** The work as plain sorted arrays, to compare two works by content. */
function plain(w: DatasetWork) {
  const sorted = <T>(entries: [number, T][]) => entries.sort((a, b) => a[0] - b[0]);
  return { edited: sorted([...w.edited]), deleted: [...w.deleted].sort((a, b) => a - b), inserted: sorted([...w.inserted]), copies: sorted([...w.copies]), statuses: sorted([...w.statuses]) };
}

const index = fc.integer({ min: -1, max: 40 });
const arbitraryWork = fc.record({
  edited: fc.array(fc.tuple(index, fc.string({ maxLength: 6 })), { maxLength: 12 }).map((entries) => new Map(entries)),
  deleted: fc.array(index, { maxLength: 12 }).map((entries) => new Set(entries)),
  inserted: fc.array(fc.tuple(index, fc.array(fc.integer({ min: 41, max: 60 }), { minLength: 1, maxLength: 3 })), { maxLength: 6 }).map((entries) => new Map(entries)),
  copies: fc.array(fc.tuple(fc.integer({ min: 41, max: 60 }), fc.nat(40)), { maxLength: 6 }).map((entries) => new Map(entries)),
  statuses: fc.array(fc.tuple(index, fc.constantFrom('done', 'flagged')), { maxLength: 12 }).map((entries) => new Map(entries)),
  current: fc.nat(40),
});

describe('diffWork', () => {
  it('names exactly the entries that changed, with their new values', () => {
    const before = work({ edited: new Map([[1, 'a'], [2, 'b']]), statuses: new Map([[5, 'done']]) });
    const after = work({ edited: new Map([[1, 'a'], [2, 'B'], [3, 'c']]), statuses: new Map(), deleted: new Set([7]) });
    expect(diffWork(before, after)).toEqual(
      expect.arrayContaining([
        { kind: 'edited', index: 2, value: 'B' },
        { kind: 'edited', index: 3, value: 'c' },
        { kind: 'deleted', index: 7, value: true },
        { kind: 'status', index: 5, value: undefined },
      ]),
    );
    expect(diffWork(before, after)).toHaveLength(4);
  });

  it('sees a list of added ids that changed inside, and not one rebuilt equal', () => {
    const before = work({ inserted: new Map([[0, [10, 11]]]), copies: new Map([[10, 0]]) });
    expect(diffWork(before, work({ inserted: new Map([[0, [10, 11]]]), copies: new Map([[10, 0]]) }))).toEqual([]);
    expect(diffWork(before, work({ inserted: new Map([[0, [11, 10]]]), copies: new Map([[10, 0]]) }))).toEqual([{ kind: 'inserted', index: 0, value: [11, 10] }]);
  });

  it('applying the diff of a to b onto a gives b (any two works)', () => {
    fc.assert(
      fc.property(arbitraryWork, arbitraryWork, (a, b) => {
        expect(plain(applyChanges(a, diffWork(a, b)))).toEqual(plain(b));
      }),
    );
  });

  it('merged diffs of a→b and c→b bring either a or c to b', () => {
    fc.assert(
      fc.property(arbitraryWork, arbitraryWork, arbitraryWork, (a, c, b) => {
        const merged = mergeChanges(diffWork(a, b), diffWork(c, b));
        expect(plain(applyChanges(a, merged))).toEqual(plain(b));
        expect(plain(applyChanges(c, merged))).toEqual(plain(b));
      }),
    );
  });
});

describe('countWork', () => {
  it('counts each touched record once (an added record edited is one edit), and marks apart from the edited status', () => {
    const w = work({
      edited: new Map([[1, 'a'], [20, 'b']]),
      deleted: new Set([2, 3]),
      inserted: new Map([[4, [20, 21]]]),
      copies: new Map([[21, 4]]),
      statuses: new Map([[1, 'edited'], [5, 'done'], [6, 'flagged']]),
    });
    expect(countWork(w)).toEqual({ edits: 5, statuses: 2 });
  });
});
