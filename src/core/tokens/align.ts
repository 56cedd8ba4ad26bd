/**
 * Where each token is in the text: the tokens' bytes spelled, in order, against the text's
 * UTF-8 bytes. Exact for tokenizers that do not change the text before splitting it (byte-level
 * BPE without a normalizer, or with NFC on NFC text: Qwen, Llama 3, gpt-oss, Apertus). Where the
 * bytes differ (a normalizer lowercased or replaced something, an added token stripped the
 * spaces around it) the alignment skips spaces, then resumes at the next token that matches,
 * and says it is not exact.
 */
import { matchAt, type Spelling, tokenBytes } from './token-bytes.ts';
import type { TextBytes } from './text-bytes.ts';

export interface Alignment {
  starts: number[];
  ends: number[];
  partial: boolean[];
  exact: boolean;
}

function matchesAt(text: Uint8Array, at: number, token: Uint8Array): boolean {
  if (at + token.length > text.length) return false;
  for (let k = 0; k < token.length; k++) if (text[at + k] !== token[k]) return false;
  return true;
}

const isSpaceByte = (b: number | undefined): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * `outside[i]`: token `i` was added by the tokenizer, not read from the text (a BOS its
 * post-processor adds): it covers no character.
 */
export function align(text: TextBytes, tokens: readonly string[], added: readonly boolean[], outside: readonly boolean[], spelling: Spelling): Alignment {
  const n = tokens.length;
  const starts = new Array<number>(n);
  const ends = new Array<number>(n);
  const partial = new Array<boolean>(n);
  let exact = true;
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (outside[i]) {
      const here = text.charStart[at] ?? 0;
      starts[i] = here;
      ends[i] = here;
      partial[i] = false;
      continue;
    }
    const token = tokens[i] ?? '';
    let from = at;
    let length = matchAt(text.bytes, at, token, added[i] ?? false, spelling);
    if (length < 0) {
      const bytes = tokenBytes(token, added[i] ?? false, spelling);
      length = bytes.length;
      if (!matchesAt(text.bytes, from, bytes)) {
        if (bytes[0] === 0x20 && matchesAt(text.bytes, from, bytes.subarray(1))) {
          length -= 1; // SentencePiece's prefix space: the tokenizer added it, the text has none
        } else {
          let skip = from;
          while (isSpaceByte(text.bytes[skip])) skip++;
          if (skip > from && matchesAt(text.bytes, skip, bytes)) from = skip; // an added token's lstrip/rstrip ate these spaces
          else {
            exact = false;
            length = Math.min(length, text.length - from);
          }
        }
      }
    }
    const end = from + length;
    starts[i] = text.charStart[from] ?? 0;
    ends[i] = end > from ? (text.charEnd[end - 1] ?? 0) : (text.charStart[from] ?? 0);
    partial[i] = text.isCharStart[from] !== 1 || text.isCharStart[end] !== 1;
    at = end;
  }
  if (at !== text.length) exact = false;
  return { starts, ends, partial, exact };
}
