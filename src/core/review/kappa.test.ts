import { describe, expect, it } from 'vitest';
import { cohensKappa, fleissKappa } from './kappa.ts';

const pairs = (table: [string, string, number][]): [string, string][] => table.flatMap(([a, b, n]) => Array.from({ length: n }, (): [string, string] => [a, b]));

describe('cohensKappa, against tables worked by hand', () => {
  it('a 2×2 table', () => {
    // A\B     yes  no
    // yes      20   5    A: yes 25, no 25
    // no       10  15    B: yes 30, no 20      n = 50
    // po = (20 + 15) / 50 = 0.7
    // pe = (25/50)(30/50) + (25/50)(20/50) = 0.3 + 0.2 = 0.5
    // kappa = (0.7 − 0.5) / (1 − 0.5) = 0.4
    expect(cohensKappa(pairs([['yes', 'yes', 20], ['yes', 'no', 5], ['no', 'yes', 10], ['no', 'no', 15]]))).toBeCloseTo(0.4, 12);
  });

  it('a 3×3 table of statuses', () => {
    // A\B       done flagged rejected   row
    // done         4       1        0     5
    // flagged      0       2        1     3
    // rejected     0       0        2     2
    // column       4       3        3    n = 10
    // po = (4 + 2 + 2) / 10 = 0.8
    // pe = (5·4 + 3·3 + 2·3) / 100 = (20 + 9 + 6) / 100 = 0.35
    // kappa = (0.8 − 0.35) / 0.65 = 0.45 / 0.65 = 9/13 ≈ 0.692308
    const table: [string, string, number][] = [['done', 'done', 4], ['done', 'flagged', 1], ['flagged', 'flagged', 2], ['flagged', 'rejected', 1], ['rejected', 'rejected', 2]];
    expect(cohensKappa(pairs(table))).toBeCloseTo(9 / 13, 12);
  });

  it('perfect agreement is 1; agreement no better than chance is 0; worse is negative', () => {
    expect(cohensKappa(pairs([['a', 'a', 3], ['b', 'b', 2]]))).toBe(1);
    // A = a,a,b,b and B = a,b,a,b: po = 2/4 = 0.5, pe = 0.5·0.5 + 0.5·0.5 = 0.5 → 0.
    expect(cohensKappa([['a', 'a'], ['a', 'b'], ['b', 'a'], ['b', 'b']])).toBe(0);
    // Always disagreeing on two balanced categories: po = 0, pe = 0.5 → (0 − 0.5)/0.5 = −1.
    expect(cohensKappa([['a', 'b'], ['b', 'a']])).toBe(-1);
  });

  it('is null where undefined: one category only, or no items', () => {
    // Both raters said "done" every time: pe = 1·1 = 1, 0/0.
    expect(cohensKappa(pairs([['done', 'done', 4]]))).toBeNull();
    expect(cohensKappa([])).toBeNull();
  });
});

describe('fleissKappa, against tables worked by hand', () => {
  it('three raters, four items, two categories', () => {
    // item  ratings     n_yes n_no   P_i = (Σ n_ij² − 3) / (3·2)
    // 1     y y y        3     0     (9 + 0 − 3)/6 = 1
    // 2     y y n        2     1     (4 + 1 − 3)/6 = 1/3
    // 3     n n n        0     3     1
    // 4     y n n        1     2     1/3
    // P̄ = (1 + 1/3 + 1 + 1/3) / 4 = 2/3
    // p_yes = 6/12 = 0.5, p_no = 0.5, P̄e = 0.25 + 0.25 = 0.5
    // kappa = (2/3 − 1/2) / (1 − 1/2) = (1/6) / (1/2) = 1/3
    const items = [['y', 'y', 'y'], ['y', 'y', 'n'], ['n', 'n', 'n'], ['y', 'n', 'n']];
    expect(fleissKappa(items)).toBeCloseTo(1 / 3, 12);
  });

  it('three raters, three categories', () => {
    // item  ratings            counts (a,b,c)   P_i
    // 1     a a b               2 1 0           (4 + 1 − 3)/6 = 1/3
    // 2     b b b               0 3 0           1
    // 3     c c a               1 0 2           1/3
    // 4     a b c               1 1 1           (1 + 1 + 1 − 3)/6 = 0
    // 5     a a a               3 0 0           1
    // P̄ = (1/3 + 1 + 1/3 + 0 + 1) / 5 = (8/3) / 5 = 8/15
    // totals: a = 2+0+1+1+3 = 7, b = 1+3+0+1+0 = 5, c = 0+0+2+1+0 = 3; n·m = 15
    // P̄e = (49 + 25 + 9) / 225 = 83/225
    // kappa = (8/15 − 83/225) / (1 − 83/225) = (120/225 − 83/225) / (142/225) = 37/142 ≈ 0.260563
    const items = [['a', 'a', 'b'], ['b', 'b', 'b'], ['c', 'c', 'a'], ['a', 'b', 'c'], ['a', 'a', 'a']];
    expect(fleissKappa(items)).toBeCloseTo(37 / 142, 12);
  });

  it('with two raters it is Scott\'s pi (pooled shares), not Cohen\'s kappa', () => {
    // The 2×2 table above: pooled yes = (25 + 30)/100 = 0.55, no = 0.45, P̄e = 0.3025 + 0.2025 = 0.505
    // P̄ = po = 0.7; kappa = (0.7 − 0.505)/(0.495) = 0.195/0.495 = 13/33 ≈ 0.393939
    const items = pairs([['yes', 'yes', 20], ['yes', 'no', 5], ['no', 'yes', 10], ['no', 'no', 15]]);
    expect(fleissKappa(items)).toBeCloseTo(13 / 33, 12);
  });

  it('is null for one category only or no items', () => {
    expect(fleissKappa([['a', 'a', 'a'], ['a', 'a', 'a']])).toBeNull();
    expect(fleissKappa([])).toBeNull();
  });
});
