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

const LINE_BREAK = 10;

/**
 * Each run's place in its line, for the Token view's shades (a gap no token covers gets -1): 0
 * for the first token of the runs and for a token after a run that ends with a line break, else the
 * token before it on the line plus one. An empty token (`∅`) counts as a token and does not end
 * a line.
 */
export function linePlaces(text: string, runs: readonly TokenRun[]): Int32Array {
  const places = new Int32Array(runs.length);
  let lineStart = true;
  let place = -1;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as TokenRun;
    if (run.token >= 0) {
      place = lineStart ? 0 : place + 1;
      places[i] = place;
      lineStart = false;
    } else places[i] = -1;
    if (run.end > run.start) lineStart = text.charCodeAt(run.end - 1) === LINE_BREAK;
  }
  return places;
}
