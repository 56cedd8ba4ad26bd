import { describe, expect, it } from 'vitest';
import { histogram, niceStep, percentile, percentilesOf } from './distribution.ts';

describe('percentile (nearest rank)', () => {
  it('is the smallest value with p% of the values at or below it', () => {
    const oneToTen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    // ⌈0.5·10⌉ = 5th, ⌈0.9·10⌉ = 9th, ⌈0.99·10⌉ = 10th value.
    expect(percentile(oneToTen, 50)).toBe(5);
    expect(percentile(oneToTen, 90)).toBe(9);
    expect(percentile(oneToTen, 99)).toBe(10);
    expect(percentile(oneToTen, 0)).toBe(1);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('takes values in any order and sorts them as numbers, not as text', () => {
    // As text, 100 < 9; as numbers the 3 values sort 2, 9, 100: p50 is the 2nd (⌈1.5⌉).
    expect(percentilesOf([100, 9, 2])).toEqual({ p50: 9, p90: 100, p99: 100, max: 100 });
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentilesOf(hundred)).toEqual({ p50: 50, p90: 90, p99: 99, max: 100 });
    expect(percentilesOf([])).toBeUndefined();
  });
});

describe('histogram', () => {
  it('rounds the bin width up to 1, 2 or 5 × 10^k', () => {
    expect([0.2, 1, 4.8, 10, 10.1, 11, 51].map(niceStep)).toEqual([1, 1, 5, 10, 20, 20, 100]);
  });

  it('gives one bin per value when the values are few and close', () => {
    expect(histogram([0, 1, 2, 3, 3])).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 2, count: 1 },
      { from: 2, to: 3, count: 1 },
      { from: 3, to: 4, count: 2 },
    ]);
  });

  it('covers every value with at most MAX_BINS bars starting at a multiple of the width', () => {
    // 5 … 100 is 96 values wide: /20 = 4.8 → width 5, from 5: 20 bins, the last [100, 105).
    const bins = histogram([5, 15, 99, 100]);
    expect(bins).toHaveLength(20);
    expect(bins[0]).toEqual({ from: 5, to: 10, count: 1 });
    expect(bins[2]).toEqual({ from: 15, to: 20, count: 1 });
    expect(bins[18]).toEqual({ from: 95, to: 100, count: 1 });
    expect(bins[19]).toEqual({ from: 100, to: 105, count: 1 });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(4);
  });

  it('widens the bins when starting at a round number would need one bar too many', () => {
    // 9 … 28 in 2 bars: width 10 from 0 needs 3 ([0,10) [10,20) [20,30)), so width 20.
    expect(histogram([9, 28], 2)).toEqual([
      { from: 0, to: 20, count: 1 },
      { from: 20, to: 40, count: 1 },
    ]);
    // 7 … 107 in 10 bars: 101/10 = 10.1 → width 20 from 0: 6 bars.
    expect(histogram([7, 107], 10).map((bin) => bin.count)).toEqual([1, 0, 0, 0, 0, 1]);
  });

  it('is empty for no values', () => {
    expect(histogram([])).toEqual([]);
  });
});
