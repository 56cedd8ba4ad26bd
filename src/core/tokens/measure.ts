/**
 * The token figures of one record's render: how many tokens, how many of them trained. What the
 * token lint rules (core/checks/rules) judge, and what a dataset's token counts are made of.
 */
import { spanTrainable } from './mask.ts';
import { tokenMask } from './token-mask.ts';
import type { MaskOptions, Tokenizer, TokenMeasure } from './types.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { Span } from '../formats/types.ts';

export function measureTokens(tokenizer: Pick<Tokenizer, 'encode'>, record: ParleyRecord, rendered: { text: string; spans: readonly Span[] }, options: MaskOptions = {}): TokenMeasure {
  const encoding = tokenizer.encode(rendered.text);
  const mask = tokenMask(encoding, rendered.spans, spanTrainable(record, rendered.spans, options));
  let trained = 0;
  for (const t of mask.trained) if (t) trained++;
  return { tokens: encoding.ids.length, trained };
}
