import { describe, expect, it } from 'vitest';
import type { ReviewComment, ReviewEntry } from './entry.ts';
import { mergeReviewFiles, reviewConflictText } from './review-merge.ts';

const FP = 'f'.repeat(64);
const c = (author: string, text: string, resolved = false): ReviewComment => ({ author, time: `t-${author}-${text}`, text, resolved });
const e = (reviewer: string, fields: Partial<ReviewEntry> = {}): ReviewEntry => ({ line: 3, fingerprint: FP, labels: [], comments: [], reviewer, ...fields }) as ReviewEntry;

describe('mergeReviewFiles', () => {
  it('keeps each reviewer\'s entry on a record: two reviewers never conflict', () => {
    const merged = mergeReviewFiles(undefined, [{ entries: [e('ana', { status: 'done' })] }, { entries: [e('bo', { status: 'rejected' })] }]);
    expect(merged.conflicts).toEqual([]);
    expect(merged.entries.map((x) => [x.reviewer, x.status])).toEqual([['ana', 'done'], ['bo', 'rejected']]);
  });

  it('merges one reviewer\'s entry changed on two sides: status from the side that changed it, labels added and removed, comments joined once', () => {
    const base = e('ana', { status: 'flagged', labels: ['a', 'b'], comments: [c('ana', 'x')], time: '2026-01-01' });
    const left = e('ana', { status: 'done', labels: ['a', 'b', 'c'], comments: [c('ana', 'x', true), c('bo', 'y')], time: '2026-01-02' });
    const right = e('ana', { status: 'flagged', labels: ['a'], comments: [c('ana', 'x'), c('bo', 'y'), c('cy', 'z')], time: '2026-01-03', extra: { k: 1 } });
    const merged = mergeReviewFiles({ entries: [base] }, [{ entries: [left] }, { entries: [right] }]);
    expect(merged.conflicts).toEqual([]);
    expect(merged.entries).toEqual([
      e('ana', { status: 'done', labels: ['a', 'c'], comments: [c('ana', 'x', true), c('bo', 'y'), c('cy', 'z')], time: '2026-01-03', extra: { k: 1 } }),
    ]);
  });

  it('reports a status changed differently on both sides, taking the newest', () => {
    const base = e('ana', { status: 'flagged', time: '1' });
    const merged = mergeReviewFiles({ entries: [base] }, [{ entries: [e('ana', { status: 'done', time: '3' })], fileLines: [7] }, { entries: [e('ana', { status: 'rejected', time: '2' })], fileLines: [2] }]);
    expect(merged.entries.map((x) => x.status)).toEqual(['done']);
    expect(merged.conflicts).toHaveLength(1);
    expect(reviewConflictText(merged.conflicts[0]!, ['A', 'B'])).toBe("line 3: ana's status changed differently: base flagged, A done (its line 7), B rejected (its line 2); done taken (newest)");
  });

  it('removes an entry a side removed, unless the other side changed it; merge(base, A, base) is A', () => {
    const base = [e('ana', { status: 'done' }), e('bo', { status: 'done' })];
    const a = [e('bo', { status: 'done' })];
    expect(mergeReviewFiles({ entries: base }, [{ entries: a }, { entries: base }]).entries).toEqual(a);
    const changed = [e('ana', { status: 'rejected' }), e('bo', { status: 'done' })];
    expect(mergeReviewFiles({ entries: base }, [{ entries: a }, { entries: changed }]).entries).toEqual(changed);
  });

  it('writes a comment that both sides added once, resolved when either resolved it', () => {
    const merged = mergeReviewFiles(undefined, [{ entries: [e('ana', { comments: [c('bo', 'y')] })] }, { entries: [e('ana', { comments: [c('bo', 'y', true)] })] }]);
    expect(merged.entries[0]?.comments).toEqual([c('bo', 'y', true)]);
  });
});
