import { describe, expect, it } from 'vitest';
import { joinJsonl, type ConflictResolution } from '../../../core/index.ts';
import { editedResolution, mergeDatasets, mergedBytes, mergeReviews, sideWhere, takeSide } from './merge-session.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytes = (name: string, lines: string[]) => ({ name, bytes: encoder.encode(`${lines.join('\n')}\n`) });

describe('merging in the app', () => {
  const base = bytes('base.jsonl', ['{"id":1,"a":"x","b":"y"}', '{"id":2,"a":"x"}']);
  const ana = bytes('ana.jsonl', ['{"id":1,"a":"ANA","b":"y"}', '{"id":2,"a":"x"}']);
  const bo = bytes('bo.jsonl', ['{"id":1,"a":"BO","b":"BO"}', '{"id":2,"a":"x"}']);

  it('takes what one side changed and makes a conflict of a field both changed differently; take A, take B or an edit resolve it', () => {
    const merge = mergeDatasets(base, [ana, bo]);
    expect(merge.conflicts).toHaveLength(1);
    const [conflict] = merge.conflicts;
    expect(conflict).toMatchObject({ kind: 'field', line: 1, path: ['a'], base: 'x', sides: ['ANA', 'BO'] });
    const resolve = (resolution: ConflictResolution) => decoder.decode(mergedBytes(merge, new Map([[0, resolution]])));
    // b: only Bo changed it, so it is taken whatever the conflict on a becomes.
    expect(resolve(takeSide(conflict!, 0)!)).toBe('{"id":1,"a":"ANA","b":"BO"}\n{"id":2,"a":"x"}\n');
    expect(resolve(takeSide(conflict!, 1)!)).toBe('{"id":1,"a":"BO","b":"BO"}\n{"id":2,"a":"x"}\n');
    const edit = editedResolution('"both"');
    expect(typeof edit).not.toBe('string');
    expect(resolve(edit as Exclude<typeof edit, string>)).toBe('{"id":1,"a":"both","b":"BO"}\n{"id":2,"a":"x"}\n');
    expect(editedResolution('both')).toMatch(/^Not JSON/);
  });

  it('a part of a split that never held the conflicting record is not offered as a deletion; the part that deleted it is', () => {
    const rec = (i: number) => `{"id":${i}}`;
    const original = encoder.encode(`${[rec(1), rec(2), rec(3)].join('\n')}\n`);
    // Record 1 is in parts 1 and 2 (the overlap), not in part 3; part 1 deleted it, part 2 edited it.
    const parts = [
      { name: 'p1', bytes: encoder.encode(`${rec(2)}\n`), lines: [1, 2] },
      { name: 'p2', bytes: encoder.encode(`{"id":1,"x":true}\n${rec(3)}\n`), lines: [1, 3] },
      { name: 'p3', bytes: encoder.encode(`${rec(3)}\n`), lines: [3] },
    ];
    const { merge } = joinJsonl(original, parts);
    const [conflict] = merge.conflicts;
    expect([0, 1, 2].map((s) => sideWhere(conflict!, s))).toEqual([' (deleted)', ' line 1', ' (not in this part)']);
    expect(takeSide(conflict!, 0)).toBe('delete');
    expect(takeSide(conflict!, 1)).toEqual({ value: { id: 1, x: true } });
    expect(takeSide(conflict!, 2)).toBeUndefined();
    expect(decoder.decode(mergedBytes(merge, new Map([[0, takeSide(conflict!, 0)!]])))).toBe(`${rec(2)}\n${rec(3)}\n`);
  });

  it('merges review files and measures agreement over the records both reviewed', () => {
    const fp = (c: string) => c.repeat(64);
    const entry = (line: number, f: string, status: string, reviewer: string) => JSON.stringify({ line, fingerprint: fp(f), status, labels: [], comments: [], reviewer });
    const result = mergeReviews([
      { name: 'ana.review.jsonl', text: [entry(1, 'a', 'done', 'Ana'), entry(2, 'b', 'done', 'Ana'), entry(3, 'c', 'done', 'Ana')].join('\n') },
      { name: 'bo.review.jsonl', text: [entry(1, 'a', 'done', 'Bo'), entry(2, 'b', 'rejected', 'Bo')].join('\n') },
    ]);
    expect(result.merge.entries).toHaveLength(5);
    // Compared: lines 1 and 2 (both rated); they agree on 1 of 2 = 50 %.
    expect(result.agreement).toMatchObject({ reviewers: ['Ana', 'Bo'], compared: 2, status: { agreement: 50 } });
    expect(result.agreement?.disagreements.map((d) => d.fingerprint)).toEqual([fp('b')]);
  });
});
