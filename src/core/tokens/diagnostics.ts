/**
 * What is worth telling about a record's tokens, as diagnostics (the app lists them beside the
 * others; the command writes them in each result line): a format's special token that the
 * tokenizer splits, tokens straddling the trained/untrained boundary, and offsets that are only
 * approximate.
 */
import type { Span } from '../formats/types.ts';
import { warning, info, type Diagnostic } from '../model/diagnostic.ts';
import { specialSplits } from './special-splits.ts';
import type { TokenEncoding, TokenMask } from './types.ts';

export const TOKEN_CODES = {
  specialSplit: 'tokens/special-split',
  straddling: 'tokens/straddling',
  inexact: 'tokens/inexact-offsets',
  /** The tokenizer has no id for a token of the text (check.ts' `TokenizerEncodeError`). */
  noId: 'tokens/no-id',
} as const;

/** How many straddling tokens one diagnostic quotes. */
const QUOTED = 3;

export function tokenDiagnostics(text: string, spans: readonly Span[], encoding: TokenEncoding, mask: TokenMask, tokenizerName: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const said = new Set<string>();
  for (const split of specialSplits(text, encoding, spans)) {
    if (said.has(split.text)) continue; // once per special token: a render repeats them every turn
    said.add(split.text);
    const how = split.tokens > 1 ? `splits it into ${split.tokens} tokens` : 'merges it with the text around it';
    out.push(warning(TOKEN_CODES.specialSplit, `${split.text} is not one token of ${tokenizerName}: it ${how}, so the model does not see the format's special token`, spans[split.span]?.path));
  }
  if (mask.straddling.length > 0) {
    const quoted = mask.straddling.slice(0, QUOTED).map((i) => `#${i} ${JSON.stringify(text.slice(encoding.starts[i], encoding.ends[i]))}`);
    const more = mask.straddling.length > QUOTED ? `, and ${mask.straddling.length - QUOTED} more` : '';
    const n = mask.straddling.length;
    out.push(warning(TOKEN_CODES.straddling, `${n} token${n === 1 ? '' : 's'} cover${n === 1 ? 's' : ''} both trained and untrained text and ${n === 1 ? 'is' : 'are'} not trained: ${quoted.join(', ')}${more}`));
  }
  if (!encoding.exact) out.push(info(TOKEN_CODES.inexact, `${tokenizerName} changes the text before splitting it (a normalizer): token positions are approximate`));
  return out;
}
