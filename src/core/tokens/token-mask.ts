/**
 * The span flags carried down to tokens: a token is trained when every character it covers is
 * trainable; one covering both kinds straddles the boundary (the render put a trained and an
 * untrained field inside one token) and is not trained.
 */
import type { Span } from '../formats/types.ts';
import { messageOf } from './mask.ts';
import type { TokenEncoding, TokenMask } from './types.ts';

/** `spans` sorted and covering the text (the format contract); `trainable[k]` is span k's flag. */
export function tokenMask(encoding: Pick<TokenEncoding, 'starts' | 'ends'>, spans: readonly Span[], trainable: readonly boolean[]): TokenMask {
  const n = encoding.starts.length;
  const trained = new Array<boolean>(n);
  const message = new Array<number>(n);
  const straddling: number[] = [];
  let k = 0; // the first span that may overlap the current token; tokens come in text order
  for (let i = 0; i < n; i++) {
    const start = encoding.starts[i] ?? 0;
    const end = encoding.ends[i] ?? 0;
    while (k < spans.length && (spans[k]?.end ?? 0) <= start && !(start === end && spans[k]?.start === start)) k++;
    if (start === end) {
      // Covers nothing (a BOS the tokenizer added): never trained, of no message.
      trained[i] = false;
      message[i] = -1;
      continue;
    }
    let any = false;
    let all = true;
    const first = spans[k];
    message[i] = first === undefined ? -1 : messageOf(first);
    for (let j = k; j < spans.length; j++) {
      const span = spans[j];
      if (span === undefined || span.start >= end) break;
      if (span.end <= start) continue;
      if (trainable[j]) any = true;
      else all = false;
    }
    trained[i] = any && all;
    if (any && !all) straddling.push(i);
  }
  return { trained, straddling, message };
}
