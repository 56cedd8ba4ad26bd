import { describe, expect, it } from 'vitest';
import type { ReviewEntry } from './entry.ts';
import type { RecordKey } from './fingerprint.ts';
import { matchReviewEntries } from './match.ts';

const fp = (c: string): string => c.repeat(64);
const entry = (line: number, fingerprint: string, reviewer?: string): ReviewEntry => ({ line, fingerprint, labels: [], comments: [], ...(reviewer ? { reviewer } : {}) });
const records = (...list: [string, number][]): RecordKey[] => list.map(([f, line]) => ({ fingerprint: fp(f), line }));

describe('matchReviewEntries', () => {
  it('follows a record that moved (fingerprint first), whatever its old line', () => {
    // Two records were inserted before the reviewed ones.
    const result = matchReviewEntries([entry(1, fp('a')), entry(2, fp('b'))], records(['x', 1], ['y', 2], ['a', 3], ['b', 4]));
    expect(result).toEqual({ matches: [{ entry: 0, record: 2, by: 'fingerprint' }, { entry: 1, record: 3, by: 'fingerprint' }], unmatched: [] });
  });

  it('pairs equal records in order, an entry on one of their lines taking that one', () => {
    // Records a at lines 1, 3, 5. Entries on a at lines 5 and 2 (line 2's record moved): line 5 keeps its record; the other takes the first free one.
    const result = matchReviewEntries([entry(5, fp('a')), entry(2, fp('a'))], records(['a', 1], ['b', 2], ['a', 3], ['c', 4], ['a', 5]));
    expect(result.matches).toEqual([
      { entry: 0, record: 4, by: 'fingerprint' },
      { entry: 1, record: 0, by: 'fingerprint' },
    ]);
    // Without line hints, in order: the entries' line order maps to the records' order.
    const inOrder = matchReviewEntries([entry(9, fp('a')), entry(7, fp('a'))], records(['a', 1], ['a', 2]));
    expect(inOrder.matches).toEqual([
      { entry: 0, record: 1, by: 'fingerprint' },
      { entry: 1, record: 0, by: 'fingerprint' },
    ]);
  });

  it('falls back to the line for a record edited in place, but never onto a record taken by fingerprint', () => {
    const result = matchReviewEntries([entry(2, fp('old')), entry(1, fp('a')), entry(3, fp('gone'))], records(['a', 1], ['new', 2]));
    expect(result.matches).toEqual([
      { entry: 0, record: 1, by: 'line' },
      { entry: 1, record: 0, by: 'fingerprint' },
    ]);
    expect(result.unmatched).toEqual([2]);
    // Record 1 at line 1 is taken by its fingerprint: the entry whose own record is gone does not steal it.
    const stolen = matchReviewEntries([entry(1, fp('gone')), entry(5, fp('a'))], records(['a', 1]));
    expect(stolen).toEqual({ matches: [{ entry: 1, record: 0, by: 'fingerprint' }], unmatched: [0] });
  });

  it('matches each reviewer on their own: two reviewers on one record both match it', () => {
    const result = matchReviewEntries([entry(1, fp('a'), 'ana'), entry(1, fp('a'), 'bo'), entry(1, fp('a'), 'bo')], records(['a', 1]));
    expect(result).toEqual({ matches: [{ entry: 0, record: 0, by: 'fingerprint' }, { entry: 1, record: 0, by: 'fingerprint' }], unmatched: [2] });
  });

  it('places Parquet rows by row, not by line', () => {
    const rows: RecordKey[] = [{ fingerprint: fp('a'), row: 0 }, { fingerprint: fp('b'), row: 1 }];
    const byRow: ReviewEntry = { row: 1, fingerprint: fp('z'), labels: [], comments: [] };
    expect(matchReviewEntries([byRow, entry(1, fp('y'))], rows)).toEqual({ matches: [{ entry: 0, record: 1, by: 'line' }], unmatched: [1] });
  });

  it('stays linear over thousands of equal records', () => {
    const n = 20_000;
    const many = Array.from({ length: n }, (_, i): RecordKey => ({ fingerprint: fp('a'), line: i + 1 }));
    const reviewed = Array.from({ length: n }, (_, i) => entry(i + 1 + n, fp('a')));
    const started = performance.now();
    const result = matchReviewEntries(reviewed, many);
    expect(result.matches).toHaveLength(n);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
