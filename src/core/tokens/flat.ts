/**
 * The Token view's tokens, mask and counts on flat typed arrays: the same figures as
 * `tokenMask` (token-mask.ts), `exampleOf` (training.ts) and `specialSplits` (special-splits.ts),
 * without an object or a boxed array entry per token. At 2,000 messages a render is ~190,000
 * tokens and ~20,000 spans, and building `TokenEncoding` arrays, span objects and a whole
 * training example for every keystroke was most of the token worker's time (BENCHMARKS.md,
 * Token view). The object versions stay for the command and core's callers; tests hold the
 * two to the same answers.
 *
 * Spans come flat, `SPAN_FIELDS` Int32s each: start, end, message index (-1: none), 1 when a
 * special token; and one trainable flag per span.
 */
import type { SpecialSplit } from './special-splits.ts';
import type { TokenEncoding } from './types.ts';

/** Int32s per span in a flat span array. */
export const SPAN_FIELDS = 4;

/** An encoding as the Token view keeps it (no vocabulary strings: the view shows the text's own characters). */
export interface FlatEncoding {
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  exact: boolean;
}

export function flatEncoding(encoding: Pick<TokenEncoding, 'ids' | 'starts' | 'ends' | 'exact'>): FlatEncoding {
  return { ids: Int32Array.from(encoding.ids), starts: Int32Array.from(encoding.starts), ends: Int32Array.from(encoding.ends), exact: encoding.exact };
}

/** What `tokenMask` and `exampleOf` give the Token view, as typed arrays. */
export interface FlatMask {
  /** 1: token i is trained. */
  trained: Uint8Array;
  /** The message index of token i, -1 for none. */
  message: Int32Array;
  straddling: Int32Array;
  /** Tokens per message index (`messageCount` entries). */
  perMessage: Int32Array;
  trainedCount: number;
}

/** `tokenMask` + `exampleOf`'s counts: see token-mask.ts for the rules (kept the same, line for line). */
export function flatTokenMask(encoding: Pick<FlatEncoding, 'starts' | 'ends'>, spans: Int32Array, trainable: Uint8Array, messageCount: number): FlatMask {
  const { starts, ends } = encoding;
  const n = starts.length;
  const spanCount = Math.floor(spans.length / SPAN_FIELDS);
  const trained = new Uint8Array(n);
  const message = new Int32Array(n);
  const perMessage = new Int32Array(Math.max(0, messageCount));
  const straddling: number[] = [];
  let trainedCount = 0;
  let k = 0; // the first span that may overlap the current token; tokens come in text order
  for (let i = 0; i < n; i++) {
    const start = starts[i] as number;
    const end = ends[i] as number;
    while (k < spanCount && (spans[k * SPAN_FIELDS + 1] as number) <= start && !(start === end && spans[k * SPAN_FIELDS] === start)) k++;
    if (start === end) {
      // Covers nothing (a BOS the tokenizer added): never trained, of no message.
      message[i] = -1;
      continue;
    }
    let any = false;
    let all = true;
    const m = k < spanCount ? (spans[k * SPAN_FIELDS + 2] as number) : -1;
    message[i] = m;
    for (let j = k; j < spanCount; j++) {
      if ((spans[j * SPAN_FIELDS] as number) >= end) break;
      if ((spans[j * SPAN_FIELDS + 1] as number) <= start) continue;
      if (trainable[j] === 1) any = true;
      else all = false;
    }
    if (any && all) {
      trained[i] = 1;
      trainedCount++;
    }
    if (any && !all) straddling.push(i);
    if (m >= 0 && m < messageCount) perMessage[m] = (perMessage[m] as number) + 1;
  }
  return { trained, message, straddling: Int32Array.from(straddling), perMessage, trainedCount };
}

/** `specialSplits` on flat spans: the special spans that are not exactly one token. */
export function flatSpecialSplits(text: string, encoding: Pick<FlatEncoding, 'starts' | 'ends'>, spans: Int32Array): SpecialSplit[] {
  const { starts, ends } = encoding;
  const out: SpecialSplit[] = [];
  let i = 0;
  const n = starts.length;
  const spanCount = Math.floor(spans.length / SPAN_FIELDS);
  for (let k = 0; k < spanCount; k++) {
    const spanStart = spans[k * SPAN_FIELDS] as number;
    const spanEnd = spans[k * SPAN_FIELDS + 1] as number;
    if (spans[k * SPAN_FIELDS + 3] !== 1 || spanStart === spanEnd) continue;
    // The spans come in text order: the search for each starts where the last one's did.
    while (i < n && (ends[i] as number) <= spanStart) i++;
    const tokens = specialSplitAt(starts, ends, i, n, spanStart, spanEnd);
    if (tokens !== undefined) out.push({ span: k, text: text.slice(spanStart, spanEnd), tokens });
  }
  return out;
}

/**
 * How special span [spanStart, spanEnd) is split among the tokens `starts`/`ends` (searched from
 * token `from` up to `to`): undefined when it is exactly one token, else the count of tokens that
 * cover it (flatSpecialSplits over a whole text, piece-mask.ts over one piece).
 */
export function specialSplitAt(starts: Int32Array, ends: Int32Array, from: number, to: number, spanStart: number, spanEnd: number): number | undefined {
  let i = from;
  while (i < to && (ends[i] as number) <= spanStart) i++;
  let count = 0;
  let exact = true;
  for (let j = i; j < to && (starts[j] as number) < spanEnd; j++) {
    if (ends[j] === starts[j]) continue; // added by the tokenizer, covers nothing
    count++;
    if (starts[j] !== spanStart || ends[j] !== spanEnd) exact = false;
  }
  return count !== 1 || !exact ? count : undefined;
}
