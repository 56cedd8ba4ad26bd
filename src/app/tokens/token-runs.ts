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

export function tokenRuns(textLength: number, result: Pick<TokenResult, 'starts' | 'ends'>): TokenRun[] {
  const runs: TokenRun[] = [];
  let at = 0;
  const n = result.starts.length;
  for (let i = 0; i < n; i++) {
    const start = Math.max(result.starts[i] ?? 0, at);
    const end = Math.max(result.ends[i] ?? 0, start);
    if (start > at) runs.push({ token: -1, start: at, end: start });
    runs.push({ token: i, start, end });
    at = end;
  }
  if (at < textLength) runs.push({ token: -1, start: at, end: textLength });
  return runs;
}
