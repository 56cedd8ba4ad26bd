/**
 * Which lines of an edited file are lines of the base file, unchanged: a common subsequence of
 * the two lists of lines, as a merge needs it. Lines equal at the start and the end are
 * paired first; in the middle, lines that occur once in each file anchor the pairing (patience
 * diff: the longest run of them in the same order), and the gaps between anchors are paired the
 * same way, down to gaps small enough for an exact longest common subsequence. Records of a
 * dataset are nearly all distinct, so the anchors do nearly all the work in O(n log n), where a
 * plain diff is O(n·d) and quadratic when a reviewer edited many records.
 */

/** A gap is paired exactly when its two sides' lengths multiply to at most this (a table of 4 MB). */
export const EXACT_GAP_CELLS = 1_000_000;

/** Pairs [baseIndex, sideIndex] of equal lines, increasing in both. */
export function commonLines(base: readonly string[], side: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  const work: [number, number, number, number][] = [[0, base.length, 0, side.length]];
  for (let range = work.pop(); range; range = work.pop()) {
    let [b0, b1, s0, s1] = range;
    while (b0 < b1 && s0 < s1 && base[b0] === side[s0]) pairs.push([b0++, s0++]);
    while (b0 < b1 && s0 < s1 && base[b1 - 1] === side[s1 - 1]) pairs.push([--b1, --s1]);
    if (b0 === b1 || s0 === s1) continue;
    const anchors = uniqueAnchors(base, b0, b1, side, s0, s1);
    if (anchors.length > 0) {
      let [pb, ps] = [b0, s0];
      for (const [b, s] of anchors) {
        pairs.push([b, s]);
        work.push([pb, b, ps, s]);
        [pb, ps] = [b + 1, s + 1];
      }
      work.push([pb, b1, ps, s1]);
    } else if ((b1 - b0) * (s1 - s0) <= EXACT_GAP_CELLS) {
      for (const pair of exactCommon(base, b0, b1, side, s0, s1)) pairs.push(pair);
    }
    // Else: a large gap with no line unique to both sides is left unpaired (all changed).
  }
  return pairs.sort((x, y) => x[0] - y[0]);
}

/** Lines occurring once in each range, paired, reduced to the longest run increasing in both. */
function uniqueAnchors(base: readonly string[], b0: number, b1: number, side: readonly string[], s0: number, s1: number): [number, number][] {
  const inBase = new Map<string, number>();
  for (let i = b0; i < b1; i++) {
    const line = base[i] as string;
    inBase.set(line, inBase.has(line) ? -1 : i);
  }
  const inSide = new Map<string, number>();
  for (let j = s0; j < s1; j++) {
    const line = side[j] as string;
    if (inBase.has(line)) inSide.set(line, inSide.has(line) ? -1 : j);
  }
  const candidates: [number, number][] = [];
  for (let i = b0; i < b1; i++) {
    const line = base[i] as string;
    const j = inSide.get(line);
    if (j !== undefined && j >= 0 && inBase.get(line) === i) candidates.push([i, j]);
  }
  return longestIncreasing(candidates);
}

/** The longest subsequence of pairs (increasing in the first) whose second items increase too. */
function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const value = (pairs[k] as [number, number])[1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((pairs[tails[mid] as number] as [number, number])[1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tails[lo - 1] as number;
    tails[lo] = k;
  }
  const out: [number, number][] = [];
  for (let k = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; k >= 0; k = previous[k] as number) out.push(pairs[k] as [number, number]);
  return out.reverse();
}

/** A longest common subsequence of two small ranges, by the classic table. */
function exactCommon(base: readonly string[], b0: number, b1: number, side: readonly string[], s0: number, s1: number): [number, number][] {
  const n = b1 - b0;
  const m = s1 - s0;
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] = base[b0 + i] === side[s0 + j] ? (table[(i + 1) * width + j + 1] as number) + 1 : Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number);
    }
  }
  const out: [number, number][] = [];
  if (n === m) {
    // Ranges of one length where the lines at equal places are a longest common subsequence:
    // those pairs (lines edited in place), not another subsequence as long (equal records, moved).
    for (let k = 0; k < n; k++) if (base[b0 + k] === side[s0 + k]) out.push([b0 + k, s0 + k]);
    if (out.length === table[0]) return out;
    out.length = 0;
  }
  let [i, j] = [0, 0];
  while (i < n && j < m) {
    if (base[b0 + i] === side[s0 + j]) out.push([b0 + i++, s0 + j++]);
    else if ((table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number)) i++;
    else j++;
  }
  return out;
}

/** What a side did to the base's lines, by base index. */
export interface SideChanges {
  /** Base line → the side's line that replaced it (same place, other content). */
  edited: Map<number, number>;
  deleted: Set<number>;
  /** Base line after which (-1: before the first) the side added these lines of its own, in order. */
  inserted: Map<number, number[]>;
}

/**
 * The side's changes from the common lines: between two common lines, as many base lines as
 * side lines are edits in place, paired in order; otherwise the base lines are deleted and the
 * side's inserted (a pairing of unequal runs would be a guess).
 */
export function sideChanges(baseCount: number, sideCount: number, common: readonly [number, number][]): SideChanges {
  const changes: SideChanges = { edited: new Map(), deleted: new Set(), inserted: new Map() };
  let [b, s] = [0, 0];
  for (const [cb, cs] of [...common, [baseCount, sideCount] as [number, number]]) {
    if (cb - b === cs - s) for (let k = 0; k < cb - b; k++) changes.edited.set(b + k, s + k);
    else {
      for (let k = b; k < cb; k++) changes.deleted.add(k);
      if (cs > s) changes.inserted.set(cb - 1, Array.from({ length: cs - s }, (_, k) => s + k));
    }
    [b, s] = [cb + 1, cs + 1];
  }
  return changes;
}
