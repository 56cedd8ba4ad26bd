/**
 * How the Token view cuts its text into blocks, and which blocks of the previous answer it can
 * keep. A block is plain text until it nears the screen (TokenText.tsx). Blocks start at every
 * `MESSAGES_PER_BLOCK`-th message and every `BLOCK_TOKENS` tokens after that start, so a keystroke
 * in one message changes only its own group's blocks: the others have the same text as before and
 * their elements stay in the page (not laid out again), which is most of the time a keystroke costs
 * at 2,000 messages (BENCHMARKS.md, Token view). Worked out from the answer's typed arrays
 * directly: an object per token (190,000 at 2,000 messages) on every answer was itself a large
 * share of that time.
 */
import type { TokenResult } from './protocol.ts';
import type { TokenRun } from './token-runs.ts';

/** Tokens per block at most: a block near the screen gets one element per token. */
export const BLOCK_TOKENS = 1_000;
/**
 * Messages per group. A keystroke lays out and paints again the whole block typed in (its lines
 * are one inline box): at 8 messages of ~100 tokens that was ~1.5 ms of layout and ~1.5 ms of
 * painting per keystroke at 100 messages, at 2 about half (issue 23 item 6, BENCHMARKS.md). More
 * blocks cost a little per answer (a comparison of each block's text, the `data-first` of the
 * kept blocks near the screen moved).
 */
export const MESSAGES_PER_BLOCK = 2;

/**
 * A block: tokens [first, end) and characters [start, stop) of the text. The characters no token
 * covers (a normaliser dropped them) go with the block they fall in; a token's characters start
 * where the one before it ended at the earliest (token-runs.ts).
 */
export interface BlockRange {
  first: number;
  end: number;
  start: number;
  stop: number;
}

/** A block is cut only where a line starts (after a line break), never inside a line: see `tokenBlocks`. */
const LINE_BREAK = 10;

/**
 * The blocks of `text`'s answer (`message`: each token's message index, -1: none). A block is
 * cut where a new group of messages starts or `BLOCK_TOKENS` tokens after the block's start,
 * at the first token from there that starts a line: each block is then a box of whole lines
 * of its own (token-view.css), so that the browser lays out and paints only the blocks that
 * changed or are on screen, not the whole text as one paragraph (at 2,000 messages, ~40 ms of
 * layout and ~25 ms of painting per answer). Text without a line break for long is one block.
 */
export function tokenBlocks(text: string, result: Pick<TokenResult, 'starts' | 'ends' | 'message'>): BlockRange[] {
  const { starts, ends, message } = result;
  const n = starts.length;
  const blocks: BlockRange[] = [];
  let first = 0;
  let start = 0;
  let at = 0; // where the last token's characters ended
  let group = -1;
  let due = false; // a cut is due at the next token that starts a line
  for (let t = 0; t < n; t++) {
    const tokenStart = Math.max(starts[t] ?? 0, at);
    const m = message[t] ?? -1;
    const nextGroup = m >= 0 ? Math.floor(m / MESSAGES_PER_BLOCK) : group;
    // A block holds at least one piece (a token, or the gap before this token) before it is cut.
    const holds = t > first || tokenStart > at;
    if (holds && (nextGroup !== group || t - first >= BLOCK_TOKENS)) due = true;
    if (due && holds && text.charCodeAt(tokenStart - 1) === LINE_BREAK) {
      blocks.push({ first, end: t, start, stop: tokenStart });
      first = t;
      start = tokenStart;
      due = false;
    }
    group = nextGroup;
    at = Math.max(ends[t] ?? 0, tokenStart);
  }
  const stop = Math.max(at, text.length);
  if (n > first || stop > start) blocks.push({ first, end: n, start, stop });
  return blocks;
}

/**
 * Whether a block's tokens are the same in two answers: as many, with the same ids at the same
 * places relative to the block's start (their numbers may have moved, their mask changed).
 */
export function sameTokens(before: Pick<TokenResult, 'ids' | 'starts' | 'ends'>, was: BlockRange, after: Pick<TokenResult, 'ids' | 'starts' | 'ends'>, is: BlockRange): boolean {
  const count = was.end - was.first;
  if (is.end - is.first !== count || was.stop - was.start !== is.stop - is.start) return false;
  const shift = is.start - was.start;
  for (let k = 0; k < count; k++) {
    const a = was.first + k;
    const b = is.first + k;
    if (before.ids[a] !== after.ids[b] || (before.starts[a] ?? 0) + shift !== after.starts[b] || (before.ends[a] ?? 0) + shift !== after.ends[b]) return false;
  }
  return true;
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

/**
 * A block whose text changed (the block being typed in): how many of its tokens at the start and
 * at the end are shown as before, so that their elements are kept and only those between are
 * built again. A kept token has the same id and the same run of characters, at the same place from
 * the block's start (from its end for the last ones), within the characters that did not change.
 * `beforeText`/`afterText`: the block's text in each answer; `wasRuns`/`isRuns`: its token runs
 * (token-runs.ts) at `was`/`is`, one per token. Never overlapping.
 */
export function keptTokens(
  beforeText: string,
  before: Pick<TokenResult, 'ids'>,
  wasRuns: readonly TokenRun[],
  was: BlockRange,
  afterText: string,
  after: Pick<TokenResult, 'ids'>,
  isRuns: readonly TokenRun[],
  is: BlockRange,
): { prefix: number; suffix: number } {
  // The characters the same from the start (head) and from the end (tail), never overlapping.
  const shorter = Math.min(beforeText.length, afterText.length);
  let head = 0;
  while (head < shorter && beforeText.charCodeAt(head) === afterText.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < shorter - head && beforeText.charCodeAt(beforeText.length - 1 - tail) === afterText.charCodeAt(afterText.length - 1 - tail)) tail++;
  const count = Math.min(wasRuns.length, isRuns.length);
  const sameToken = (a: TokenRun, b: TokenRun) => a.token >= 0 && b.token >= 0 && before.ids[a.token] === after.ids[b.token];
  let prefix = 0;
  for (; prefix < count; prefix++) {
    const a = wasRuns[prefix] as TokenRun;
    const b = isRuns[prefix] as TokenRun;
    if (!sameToken(a, b) || a.start - was.start !== b.start - is.start || a.end - was.start !== b.end - is.start || b.end - is.start > head) break;
  }
  let suffix = 0;
  for (; suffix < count - prefix; suffix++) {
    const a = wasRuns[wasRuns.length - 1 - suffix] as TokenRun;
    const b = isRuns[isRuns.length - 1 - suffix] as TokenRun;
    if (!sameToken(a, b) || was.stop - a.start !== is.stop - b.start || was.stop - a.end !== is.stop - b.end || is.stop - b.start > tail) break;
  }
  return { prefix, suffix };
}
