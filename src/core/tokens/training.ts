/** A record's tokens as a trainer reads them: `input_ids`, `attention_mask`, `labels`, and counts. */
import type { Span } from '../formats/types.ts';
import type { ParleyRecord } from '../model/types.ts';
import { spanTrainable } from './mask.ts';
import { tokenMask } from './token-mask.ts';
import type { MaskOptions, TokenEncoding, TokenMask, Tokenizer, TrainingExample } from './types.ts';

/** -100: the label PyTorch's cross-entropy ignores (Hugging Face's convention). */
export const IGNORE_LABEL = -100;

/** The example from an encoding and its mask (when the caller already has both, as the token view does). */
export function exampleOf(encoding: Pick<TokenEncoding, 'ids' | 'tokens'>, mask: TokenMask, messageCount: number): TrainingExample {
  const { ids, tokens } = encoding;
  const labels = new Array<number>(ids.length);
  const messages = new Array<number>(messageCount).fill(0);
  let trained = 0;
  for (let i = 0; i < ids.length; i++) {
    const on = mask.trained[i] === true;
    labels[i] = on ? (ids[i] ?? IGNORE_LABEL) : IGNORE_LABEL;
    if (on) trained++;
    const m = mask.message[i] ?? -1;
    if (m >= 0 && m < messageCount) messages[m] = (messages[m] ?? 0) + 1;
  }
  return {
    input_ids: ids,
    attention_mask: new Array<number>(ids.length).fill(1),
    labels,
    tokens,
    count: ids.length,
    trained,
    messages,
    straddling: mask.straddling,
  };
}

/** Everything at once: render text + spans of `record` → tokens, mask and example. */
export function trainingExample(
  tokenizer: Tokenizer,
  record: ParleyRecord,
  rendered: { text: string; spans: readonly Span[] },
  options: MaskOptions = {},
): { encoding: TokenEncoding; mask: TokenMask; example: TrainingExample } {
  const encoding = tokenizer.encode(rendered.text);
  const mask = tokenMask(encoding, rendered.spans, spanTrainable(record, rendered.spans, options));
  const messageCount = record.kind === 'chat' ? record.messages.length : 0;
  return { encoding, mask, example: exampleOf(encoding, mask, messageCount) };
}
