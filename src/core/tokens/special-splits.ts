/**
 * A format's special token should be one token: the model learnt it as one. When the loaded
 * tokenizer does not know it (a ChatML render under Llama 3's tokenizer), it is read as
 * ordinary text, split into pieces, and the render trains something else than the format
 * means. This finds those spans, for the app's diagnostics and the command's report.
 */
import type { Span } from '../formats/types.ts';
import type { TokenEncoding } from './types.ts';

export interface SpecialSplit {
  /** Index of the `special` span in the render's spans. */
  span: number;
  /** The special token's text. */
  text: string;
  /** How many tokens it became (2 or more; or 1 token that also holds text around it). */
  tokens: number;
}

/** Special spans that are not exactly one token. Tokens and spans are in text order. */
export function specialSplits(text: string, encoding: Pick<TokenEncoding, 'starts' | 'ends'>, spans: readonly Span[]): SpecialSplit[] {
  const out: SpecialSplit[] = [];
  let i = 0;
  const n = encoding.starts.length;
  for (let k = 0; k < spans.length; k++) {
    const span = spans[k];
    if (span === undefined || span.kind !== 'special' || span.start === span.end) continue;
    while (i < n && (encoding.ends[i] ?? 0) <= span.start) i++;
    let count = 0;
    let exact = true;
    for (let j = i; j < n && (encoding.starts[j] ?? 0) < span.end; j++) {
      if ((encoding.ends[j] ?? 0) === (encoding.starts[j] ?? 0)) continue; // added by the tokenizer, covers nothing
      count++;
      if (encoding.starts[j] !== span.start || encoding.ends[j] !== span.end) exact = false;
    }
    if (count !== 1 || !exact) out.push({ span: k, text: text.slice(span.start, span.end), tokens: count });
  }
  return out;
}
