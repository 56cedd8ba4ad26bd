/**
 * Chance-corrected agreement of raters who each put every item in one category.
 * Both return null where kappa is undefined: no items, or agreement by chance is 1 (every
 * rating in one and the same category), where the formula divides 0 by 0.
 */

/**
 * Cohen's kappa of two raters: (po − pe) / (1 − pe), po the share of items they put in the same
 * category, pe = Σ_k pA(k)·pB(k) the agreement expected from each rater's own category shares.
 * `pairs`: each item's two categories.
 */
export function cohensKappa(pairs: readonly (readonly [string, string])[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const a = new Map<string, number>();
  const b = new Map<string, number>();
  let same = 0;
  for (const [x, y] of pairs) {
    if (x === y) same++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  const po = same / n;
  let pe = 0;
  for (const [category, count] of a) pe += (count / n) * ((b.get(category) ?? 0) / n);
  return chanceCorrected(po, pe);
}

/**
 * Fleiss' kappa of m ≥ 2 raters who all rated every item: P̄ = mean over items of
 * P_i = (Σ_j n_ij² − m) / (m(m − 1)) (n_ij raters putting item i in category j), P̄e = Σ_j p_j²
 * (p_j the share of all ratings in category j), kappa = (P̄ − P̄e) / (1 − P̄e).
 * `items`: each item's categories, one per rater.
 */
export function fleissKappa(items: readonly (readonly string[])[]): number | null {
  const n = items.length;
  if (n === 0) return null;
  const m = (items[0] as readonly string[]).length;
  if (m < 2 || items.some((ratings) => ratings.length !== m)) throw new RangeError('fleissKappa: every item needs the same number (≥ 2) of ratings');
  const totals = new Map<string, number>();
  let sumP = 0;
  for (const ratings of items) {
    const counts = new Map<string, number>();
    for (const category of ratings) counts.set(category, (counts.get(category) ?? 0) + 1);
    let squares = 0;
    for (const [category, count] of counts) {
      squares += count * count;
      totals.set(category, (totals.get(category) ?? 0) + count);
    }
    sumP += (squares - m) / (m * (m - 1));
  }
  let pe = 0;
  for (const count of totals.values()) pe += (count / (n * m)) ** 2;
  return chanceCorrected(sumP / n, pe);
}

/** Agreement by chance this close to 1 counts as 1 (rounding of the shares). */
const CHANCE_EPSILON = 1e-12;

function chanceCorrected(observed: number, chance: number): number | null {
  if (1 - chance < CHANCE_EPSILON) return null;
  return (observed - chance) / (1 - chance);
}
