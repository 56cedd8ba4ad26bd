import { describe, expect, it } from 'vitest';
import { BLOCK_TOKENS, MESSAGES_PER_BLOCK, keptEnds, keptTokens, sameTokens, tokenBlocks, type BlockRange } from './token-blocks.ts';
import { tokenRuns, type TokenRun } from './token-runs.ts';

/** One-character tokens, with the message index of each. */
function resultOf(messages: number[]) {
  return { starts: Int32Array.from(messages, (_, i) => i), ends: Int32Array.from(messages, (_, i) => i + 1), message: Int32Array.from(messages), ids: Int32Array.from(messages, (m) => 100 + m) };
}
const tokenRange = (block: BlockRange) => [block.first, block.end];
/** A text of line breaks only: every token starts a line, so blocks may be cut anywhere. */
const lines = (length: number) => '\n'.repeat(length);

describe('tokenBlocks', () => {
  it('starts a block at every group of messages', () => {
    const perMessage = 3;
    const messages = Array.from({ length: MESSAGES_PER_BLOCK * 2 * perMessage }, (_, i) => Math.floor(i / perMessage));
    expect(tokenBlocks(lines(messages.length), resultOf(messages)).map(tokenRange)).toEqual([
      [0, MESSAGES_PER_BLOCK * perMessage],
      [MESSAGES_PER_BLOCK * perMessage, MESSAGES_PER_BLOCK * 2 * perMessage],
    ]);
  });

  it('cuts a long group every BLOCK_TOKENS tokens, counted from the group start', () => {
    // A leading token of no message is a block of its own; message 0 then has BLOCK_TOKENS + 5 tokens.
    const messages = [-1, ...Array.from({ length: BLOCK_TOKENS + 5 }, () => 0), MESSAGES_PER_BLOCK];
    expect(tokenBlocks(lines(messages.length), resultOf(messages)).map(tokenRange)).toEqual([
      [0, 1],
      [1, 1 + BLOCK_TOKENS],
      [1 + BLOCK_TOKENS, BLOCK_TOKENS + 6],
      [BLOCK_TOKENS + 6, BLOCK_TOKENS + 7],
    ]);
  });

  it('keeps the characters no token covers in the block they fall in, and covers the text once', () => {
    // Tokens 'a' (0-1) and 'c' (2-3) of 'a\nc\n': the line breaks are covered by none.
    const result = { starts: Int32Array.of(0, 2), ends: Int32Array.of(1, 3), message: Int32Array.of(0, MESSAGES_PER_BLOCK) };
    expect(tokenBlocks('a\nc\n', result)).toEqual([
      { first: 0, end: 1, start: 0, stop: 2 },
      { first: 1, end: 2, start: 2, stop: 4 },
    ]);
    // A gap before the first token is a block of its own, as the token of no message above.
    expect(tokenBlocks('\nbc', { starts: Int32Array.of(1), ends: Int32Array.of(3), message: Int32Array.of(0) })).toEqual([
      { first: 0, end: 0, start: 0, stop: 1 },
      { first: 0, end: 1, start: 1, stop: 3 },
    ]);
    expect(tokenBlocks('', { starts: new Int32Array(0), ends: new Int32Array(0), message: new Int32Array(0) })).toEqual([]);
    expect(tokenBlocks('ab', { starts: new Int32Array(0), ends: new Int32Array(0), message: new Int32Array(0) })).toEqual([{ first: 0, end: 0, start: 0, stop: 2 }]);
  });

  it('cuts only where a line starts: a cut that falls inside a line waits for the next line', () => {
    // 'ab\ncd', one token a character: message 8 starts at the line break, the block at the line after it.
    const result = { starts: Int32Array.of(0, 1, 2, 3, 4), ends: Int32Array.of(1, 2, 3, 4, 5), message: Int32Array.of(0, 0, MESSAGES_PER_BLOCK, MESSAGES_PER_BLOCK, MESSAGES_PER_BLOCK) };
    expect(tokenBlocks('ab\ncd', result)).toEqual([
      { first: 0, end: 3, start: 0, stop: 3 },
      { first: 3, end: 5, start: 3, stop: 5 },
    ]);
    // No line break at all: one block, however many groups and tokens.
    expect(tokenBlocks('abcde', result)).toEqual([{ first: 0, end: 5, start: 0, stop: 5 }]);
  });

  it('the runs of each block, one after the other, are the runs of the whole text (shared characters and empty tokens too)', () => {
    // Token 2 shares token 1's character (an emoji's bytes), token 3 covers nothing, then a gap and a long group.
    const starts = [0, 1, 1, 3, 5, ...Array.from({ length: BLOCK_TOKENS + 3 }, (_, i) => 6 + i)];
    const ends = [1, 3, 3, 3, 6, ...Array.from({ length: BLOCK_TOKENS + 3 }, (_, i) => 7 + i)];
    const message = [0, 0, 0, 0, MESSAGES_PER_BLOCK, ...Array.from({ length: BLOCK_TOKENS + 3 }, () => 2 * MESSAGES_PER_BLOCK)];
    const length = 6 + BLOCK_TOKENS + 3 + 2;
    const result = { starts: Int32Array.from(starts), ends: Int32Array.from(ends), message: Int32Array.from(message) };
    const blocks = tokenBlocks(lines(length), result);
    expect(blocks.length).toBe(4);
    const joined: TokenRun[] = blocks.flatMap((block) => tokenRuns(length, result, block));
    expect(joined).toEqual(tokenRuns(length, result));
  });

  it('a token added in one group leaves the blocks of the later groups as they were (by text)', () => {
    const before = Array.from({ length: MESSAGES_PER_BLOCK * 3 }, (_, m) => Array(5).fill(m) as number[]).flat();
    const after = [0, ...before];
    const texts = (messages: number[]) => tokenBlocks(lines(messages.length), resultOf(messages)).map((block) => messages.slice(block.first, block.end).join(','));
    expect(keptEnds(texts(before), texts(after))).toEqual({ prefix: 0, suffix: 2 });
  });
});

describe('sameTokens', () => {
  it('is true for the same ids at the same places in the block, numbers moved or not; false otherwise', () => {
    const before = resultOf([0, 0, 1, 1]);
    const after = resultOf([0, 0, 0, 1, 1]); // one more token before: the block of message 1 moved by one
    const was = { first: 2, end: 4, start: 2, stop: 4 };
    const is = { first: 3, end: 5, start: 3, stop: 5 };
    expect(sameTokens(before, was, after, is)).toBe(true);
    expect(sameTokens(before, was, { ...after, ids: Int32Array.of(100, 100, 100, 101, 999) }, is)).toBe(false);
    expect(sameTokens(before, was, after, { ...is, end: 4 })).toBe(false);
    expect(sameTokens(before, was, { ...after, ends: Int32Array.of(1, 2, 3, 5, 5) }, is)).toBe(false);
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

describe('keptTokens', () => {
  /** Whitespace-split tokens of `text` placed at `offset` (a block starting there), ids by spelling, as a word tokenizer would give. */
  function words(text: string, offset = 0) {
    const starts: number[] = [];
    const ends: number[] = [];
    const ids: number[] = [];
    for (const match of text.matchAll(/\S+|\s+/g)) {
      starts.push(offset + match.index);
      ends.push(offset + match.index + match[0].length);
      ids.push([...match[0]].reduce((sum, c) => sum * 31 + (c.codePointAt(0) ?? 0), 7) % 100_000);
    }
    const result = { ids: Int32Array.from(ids), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
    const range = { first: 0, end: ids.length, start: offset, stop: offset + text.length };
    return { text, result, range, runs: tokenRuns(offset + text.length, result, range) };
  }
  const kept = (a: ReturnType<typeof words>, b: ReturnType<typeof words>) => keptTokens(a.text, a.result, a.runs, a.range, b.text, b.result, b.runs, b.range);

  it('keeps the tokens before and after an edit (a letter typed into a word), not the word it changed', () => {
    // "one two three four" → "one twoX three four": tokens one, ' ', [two → twoX], ' ', three, ' ', four.
    expect(kept(words('one two three four'), words('one twoX three four'))).toEqual({ prefix: 2, suffix: 4 });
    // The block moved in the text (an edit in an earlier block): the same, by place within the block.
    expect(kept(words('one two three four', 40), words('one twoX three four', 41))).toEqual({ prefix: 2, suffix: 4 });
  });

  it('keeps no token whose characters changed, even with the same id at the same place', () => {
    const before = words('aa bb cc');
    const after = words('aa bX cc');
    // A tokenizer that reads "bX" as "bb" (a normaliser could): same ids and places, other characters shown.
    const sameIds = { ...after, result: { ...after.result, ids: before.result.ids } };
    expect(kept(before, sameIds)).toEqual({ prefix: 2, suffix: 2 });
  });

  it('never overlaps, and keeps all of a block that did not change', () => {
    expect(kept(words('a a a'), words('a a a a a'))).toEqual({ prefix: 5, suffix: 0 });
    expect(kept(words('x y'), words('x y'))).toEqual({ prefix: 3, suffix: 0 });
    expect(kept(words(''), words('z'))).toEqual({ prefix: 0, suffix: 0 });
  });
});
