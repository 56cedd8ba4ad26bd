/**
 * The shape of a dataset's lengths: percentiles (p50, p90, p99, max) and a histogram of equal,
 * round-numbered bins. Pure functions over whole numbers (characters, tokens, messages, turns),
 * shared by the app's lengths panel and `parley stats`, so both say the same figures.
 */

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile of ascending `sorted`: the smallest value with at least `p`% of
 * the values at or below it (sorted[⌈p/100 · n⌉ − 1]). Always a value of the data, never an
 * interpolation, so "p90 = 812 tokens" is a length some record has. Undefined for no values.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number | undefined {
  const n = sorted.length;
  if (n === 0) return undefined;
  const rank = Math.max(1, Math.ceil((p / 100) * n));
  return sorted[Math.min(n, rank) - 1];
}

/** Ascending copy of `values` as a typed array (numeric sort, not the default string sort). */
export function sortedValues(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** p50, p90, p99 and max of `values` (any order); undefined when there are none. */
export function percentilesOf(values: ArrayLike<number>): Percentiles | undefined {
  if (values.length === 0) return undefined;
  const sorted = sortedValues(values);
  return {
    p50: percentile(sorted, 50) as number,
    p90: percentile(sorted, 90) as number,
    p99: percentile(sorted, 99) as number,
    max: sorted[sorted.length - 1] as number,
  };
}

/** One bar of a histogram: the values v with `from ≤ v < to`. */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/**
 * Bars a histogram has at most: enough to see a shape (a long tail, two humps), few enough that
 * each bar is wide enough to click in a 320-pixel panel and a line of text in a terminal.
 */
export const MAX_BINS = 20;

/** The smallest 1, 2 or 5 × 10^k that is at least `raw` (and at least 1: lengths are whole numbers). */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/**
 * Equal bins of a round width (1, 2, 5 × 10^k) covering every value, at most `maxBins` of them,
 * the first starting at a multiple of the width at or below the smallest value. Empty for no
 * values. Whole-number values: a bar is "from … to − 1".
 */
export function histogram(values: ArrayLike<number>, maxBins: number = MAX_BINS): HistogramBin[] {
  const n = values.length;
  if (n === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  let width = niceStep((hi - lo + 1) / maxBins);
  let start = Math.floor(lo / width) * width;
  // Starting below `lo` can need one bin more than `maxBins`: then the next round width.
  while (Math.floor((hi - start) / width) + 1 > maxBins) {
    width = niceStep(width + 1);
    start = Math.floor(lo / width) * width;
  }
  const count = Math.floor((hi - start) / width) + 1;
  const bins: HistogramBin[] = [];
  for (let i = 0; i < count; i++) bins.push({ from: start + i * width, to: start + (i + 1) * width, count: 0 });
  for (let i = 0; i < n; i++) (bins[Math.floor(((values[i] as number) - start) / width)] as HistogramBin).count++;
  return bins;
}
