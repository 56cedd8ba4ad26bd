/**
 * How the Token view cuts its text into blocks, and which blocks of the previous answer it can
 * keep. A block is plain text until it nears the screen (TokenText.tsx). Blocks start at every
 * `MESSAGES_PER_BLOCK`-th message and every `BLOCK_TOKENS` tokens after that start, so a keystroke
 * in one message changes only its own group's blocks: the others have the same text as before and
 * their elements stay in the page (not laid out again), which is most of the time a keystroke costs
 * at 2,000 messages (BENCHMARKS.md, Token view).
 */
import type { TokenRun } from './token-runs.ts';

/** Tokens per block at most: a block near the screen gets one element per token. */
export const BLOCK_TOKENS = 1_000;
/** Messages per group: a ~100-token message makes a group about one block. */
export const MESSAGES_PER_BLOCK = 8;

/** [first run, end run) of each block; `message`: each token's message index (-1: none). */
export function blockRanges(runs: readonly TokenRun[], message: ArrayLike<number>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let from = 0;
  let group = -1;
  let tokens = 0;
  for (let i = 0; i < runs.length; i++) {
    const token = runs[i]?.token ?? -1;
    if (token < 0) continue;
    const at = message[token] ?? -1;
    const nextGroup = at >= 0 ? Math.floor(at / MESSAGES_PER_BLOCK) : group;
    if (i > from && (nextGroup !== group || tokens >= BLOCK_TOKENS)) {
      ranges.push([from, i]);
      from = i;
      tokens = 0;
    }
    group = nextGroup;
    tokens++;
  }
  if (from < runs.length) ranges.push([from, runs.length]);
  return ranges;
}

/**
 * How many blocks at the start and at the end have the same text as before (never overlapping):
 * those elements are kept, the ones between replaced.
 */
export function keptEnds(before: readonly string[], after: readonly string[]): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}
