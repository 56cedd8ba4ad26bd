import { describe, expect, it } from 'vitest';
import { BLOCK_TOKENS, MESSAGES_PER_BLOCK, blockRanges, keptEnds } from './token-blocks.ts';
import type { TokenRun } from './token-runs.ts';

/** One-character tokens, with the message index of each. */
function runsOf(messages: number[]): { runs: TokenRun[]; message: number[] } {
  return { runs: messages.map((_, i) => ({ token: i, start: i, end: i + 1 })), message: messages };
}

describe('blockRanges', () => {
  it('starts a block at every group of messages', () => {
    const perMessage = 3;
    const messages = Array.from({ length: MESSAGES_PER_BLOCK * 2 * perMessage }, (_, i) => Math.floor(i / perMessage));
    const { runs, message } = runsOf(messages);
    expect(blockRanges(runs, message)).toEqual([
      [0, MESSAGES_PER_BLOCK * perMessage],
      [MESSAGES_PER_BLOCK * perMessage, MESSAGES_PER_BLOCK * 2 * perMessage],
    ]);
  });

  it('cuts a long group every BLOCK_TOKENS tokens, counted from the group start', () => {
    // A leading token of no message is a block of its own; message 0 then has BLOCK_TOKENS + 5 tokens.
    const { runs, message } = runsOf([-1, ...Array.from({ length: BLOCK_TOKENS + 5 }, () => 0), MESSAGES_PER_BLOCK]);
    expect(blockRanges(runs, message)).toEqual([
      [0, 1],
      [1, 1 + BLOCK_TOKENS],
      [1 + BLOCK_TOKENS, BLOCK_TOKENS + 6],
      [BLOCK_TOKENS + 6, BLOCK_TOKENS + 7],
    ]);
  });

  it('keeps gaps no token covers in the block they fall in, and covers every run once', () => {
    const runs: TokenRun[] = [
      { token: 0, start: 0, end: 1 },
      { token: -1, start: 1, end: 2 },
      { token: 1, start: 2, end: 3 },
      { token: -1, start: 3, end: 4 },
    ];
    expect(blockRanges(runs, [0, MESSAGES_PER_BLOCK])).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(blockRanges([], [])).toEqual([]);
  });

  it('a token added in one group leaves the blocks of the later groups as they were (by text)', () => {
    const before = Array.from({ length: MESSAGES_PER_BLOCK * 3 }, (_, m) => Array(5).fill(m) as number[]).flat();
    const after = [0, ...before];
    const texts = (messages: number[]) => {
      const { runs, message } = runsOf(messages);
      return blockRanges(runs, message).map(([from, to]) => messages.slice(from, to).join(','));
    };
    expect(keptEnds(texts(before), texts(after))).toEqual({ prefix: 0, suffix: 2 });
  });
});

describe('keptEnds', () => {
  it('keeps the equal start and end, never overlapping', () => {
    expect(keptEnds(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual({ prefix: 1, suffix: 1 });
    expect(keptEnds(['a', 'a'], ['a', 'a', 'a'])).toEqual({ prefix: 2, suffix: 0 });
    expect(keptEnds(['a', 'b'], ['a', 'b'])).toEqual({ prefix: 2, suffix: 0 });
    expect(keptEnds([], ['a'])).toEqual({ prefix: 0, suffix: 0 });
  });
});
