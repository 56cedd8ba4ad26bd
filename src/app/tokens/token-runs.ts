/**
 * The Token view's text, cut at token boundaries: one run per token (its characters, its shade,
 * trained or not), plus the gaps no token covers. Neighbouring tokens that share a character (a
 * byte-level token holding part of an emoji's bytes) get the character once, in the first; the
 * second is shown as an empty marker so that it is still counted, hovered and clicked.
 */
import type { TokenResult } from './protocol.ts';

export interface TokenRun {
  /** Token index, or -1 for text no token covers (a normaliser dropped it). */
  token: number;
  start: number;
  end: number;
}

/**
 * The runs of tokens [from, to) and of the characters [start, stop) around them (a block of
 * token-blocks.ts: `start` is where token `from`'s run starts). The whole text by default.
 */
export function tokenRuns(textLength: number, result: Pick<TokenResult, 'starts' | 'ends'>, range = { first: 0, end: result.starts.length, start: 0, stop: textLength }): TokenRun[] {
  const runs: TokenRun[] = [];
  let at = range.start;
  for (let i = range.first; i < range.end; i++) {
    const start = Math.max(result.starts[i] ?? 0, at);
    const end = Math.max(result.ends[i] ?? 0, start);
    if (start > at) runs.push({ token: -1, start: at, end: start });
    runs.push({ token: i, start, end });
    at = end;
  }
  if (at < range.stop) runs.push({ token: -1, start: at, end: range.stop });
  return runs;
}
