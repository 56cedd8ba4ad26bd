/**
 * The Token view's mask and counts (flat.ts: `flatTokenMask`, `flatSpecialSplits`) worked out
 * piece by piece (the pieces of segmented.ts), each piece's kept for the next call: after a
 * keystroke only the pieces whose tokens or spans changed are masked again, the others' results
 * are copied into place and the totals summed from the pieces'. At 2,000 messages masking all
 * ~188,000 tokens took 11 / 26 ms (p50 / p95) in the keystroke's frame; one message's piece is a
 * few hundred tokens (BENCHMARKS.md, Token view).
 *
 * A token's mask reads only the spans around it. For a piece [ps, pe) those are the spans from
 * the first that ends after ps to the first that starts at or after pe (that one too: a token in
 * a gap between spans takes the next span's message, as flatTokenMask does). A piece's results are
 * kept with those spans, counted from ps; they are reused when the piece's tokens are the same
 * (the same `flat` object: segmented.ts gives it back for a piece found again) and so are its
 * spans, their flags included. The same figures as the whole functions: tests hold them equal.
 */
import { SPAN_FIELDS, flatTokenMask, type FlatMask } from './flat.ts';
import type { FlatPiece } from './segmented.ts';
import type { SpecialSplit } from './special-splits.ts';

/** A special span that starts in a piece: its split (relative span index and what it is), or `crossing` when it ends past the piece. */
type PieceSplit = { at: number; text: string; tokens: number } | { at: number; crossing: true };

interface PieceResult {
  flat: FlatPiece['flat'];
  /** The spans the piece's mask read, counted from the piece's start: SPAN_FIELDS Int32s and one trainable flag each. */
  spans: Int32Array;
  trainable: Uint8Array;
  trained: Uint8Array;
  message: Int32Array;
  /** Token indices within the piece. */
  straddling: Int32Array;
  trainedCount: number;
  /** Pairs of message index and its token count in this piece (message ≥ 0 only). */
  counts: Int32Array;
  splits: PieceSplit[];
}

export interface PieceMaskAnswer extends FlatMask {
  /** `flatSpecialSplits`'s answer: the special spans that are not exactly one token, in span order. */
  splits: SpecialSplit[];
  /** How many pieces were masked again (not taken from the last call): for tests and the benchmark. */
  remasked: number;
}

/**
 * Whether spans [first, stop) of `spans`, counted from `start`, and their flags are those `before`
 * read. Compared in place: building them for every piece (~8,000 small arrays at 2,000 messages)
 * cost more than masking the whole text.
 */
function sameSpans(before: PieceResult, spans: Int32Array, trainable: Uint8Array, first: number, stop: number, start: number): boolean {
  const own = before.spans;
  if (own.length !== (stop - first) * SPAN_FIELDS) return false;
  for (let k = first, o = 0; k < stop; k++, o += SPAN_FIELDS) {
    const at = k * SPAN_FIELDS;
    if (own[o] !== (spans[at] as number) - start || own[o + 1] !== (spans[at + 1] as number) - start || own[o + 2] !== spans[at + 2] || own[o + 3] !== spans[at + 3] || before.trainable[k - first] !== trainable[k]) return false;
  }
  return true;
}

/** Per message index, its tokens among `message` (runs of one index are one pair). */
function countsOf(message: Int32Array): Int32Array {
  const pairs: number[] = [];
  for (let i = 0; i < message.length; i++) {
    const m = message[i] as number;
    if (m < 0) continue;
    if (pairs.length > 0 && pairs[pairs.length - 2] === m) pairs[pairs.length - 1] = (pairs[pairs.length - 1] as number) + 1;
    else pairs.push(m, 1);
  }
  return Int32Array.from(pairs);
}

/**
 * The split of special span [spanStart, spanEnd) among `starts`/`ends` (from token `from` on), as
 * flatSpecialSplits counts it: undefined when it is exactly one token.
 */
function splitOf(starts: Int32Array, ends: Int32Array, from: number, to: number, spanStart: number, spanEnd: number): number | undefined {
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

/** The piece's own results, from its tokens and the spans around it (counted from its start). */
function maskPiece(piece: FlatPiece, spans: Int32Array, trainable: Uint8Array, text: string): PieceResult {
  const { flat, start, end } = piece;
  const mask = flatTokenMask(flat, spans, trainable, 0);
  const splits: PieceSplit[] = [];
  const spanCount = trainable.length;
  for (let k = 0; k < spanCount; k++) {
    const spanStart = spans[k * SPAN_FIELDS] as number;
    const spanEnd = spans[k * SPAN_FIELDS + 1] as number;
    // The special spans that start in this piece and hold a character (as flatSpecialSplits skips empty ones).
    if (spans[k * SPAN_FIELDS + 3] !== 1 || spanStart < 0 || spanStart >= end - start || spanStart === spanEnd) continue;
    if (spanEnd > end - start) {
      splits.push({ at: k, crossing: true });
      continue;
    }
    const tokens = splitOf(flat.starts, flat.ends, 0, flat.ids.length, spanStart, spanEnd);
    if (tokens !== undefined) splits.push({ at: k, text: text.slice(start + spanStart, start + spanEnd), tokens });
  }
  return { flat, spans, trainable, trained: mask.trained, message: mask.message, straddling: mask.straddling, trainedCount: mask.trainedCount, counts: countsOf(mask.message), splits };
}

/**
 * A masker that keeps the last call's results, piece by piece. `mask` gives what
 * `flatTokenMask` and `flatSpecialSplits` give for the joined pieces (joinFlatPieces), with
 * `spans`/`trainable` flat as in flat.ts.
 */
export function pieceMasker() {
  /** The last call's results, by the piece's place in the list (an edit inside a message keeps every place). */
  let last: PieceResult[] = [];
  return {
    mask(text: string, pieces: readonly FlatPiece[], spans: Int32Array, trainable: Uint8Array, messageCount: number): PieceMaskAnswer {
      const spanCount = Math.floor(spans.length / SPAN_FIELDS);
      const results: PieceResult[] = [];
      let remasked = 0;
      let n = 0;
      let first = 0; // the first span that ends after the piece's start; pieces come in text order
      for (let p = 0; p < pieces.length; p++) {
        const piece = pieces[p] as FlatPiece;
        n += piece.flat.ids.length;
        while (first < spanCount && (spans[first * SPAN_FIELDS + 1] as number) <= piece.start) first++;
        let after = first; // the first span that starts at or after the piece's end, read too
        while (after < spanCount && (spans[after * SPAN_FIELDS] as number) < piece.end) after++;
        const stop = Math.min(after + 1, spanCount);
        const before = last[p];
        if (before && before.flat === piece.flat && sameSpans(before, spans, trainable, first, stop, piece.start)) {
          results.push(before);
          continue;
        }
        remasked++;
        const own = new Int32Array(Math.max(0, stop - first) * SPAN_FIELDS);
        for (let k = first; k < stop; k++) {
          const o = (k - first) * SPAN_FIELDS;
          own[o] = (spans[k * SPAN_FIELDS] as number) - piece.start;
          own[o + 1] = (spans[k * SPAN_FIELDS + 1] as number) - piece.start;
          own[o + 2] = spans[k * SPAN_FIELDS + 2] as number;
          own[o + 3] = spans[k * SPAN_FIELDS + 3] as number;
        }
        results.push(maskPiece(piece, own, trainable.slice(first, Math.max(first, stop)), text));
      }
      last = results;

      const trained = new Uint8Array(n);
      const message = new Int32Array(n);
      const perMessage = new Int32Array(Math.max(0, messageCount));
      const straddling: number[] = [];
      const splits: SpecialSplit[] = [];
      let trainedCount = 0;
      let at = 0;
      // The spans of each piece start at the first that ends after it (found again here, for the split's span index).
      first = 0;
      for (let p = 0; p < pieces.length; p++) {
        const piece = pieces[p] as FlatPiece;
        const result = results[p] as PieceResult;
        while (first < spanCount && (spans[first * SPAN_FIELDS + 1] as number) <= piece.start) first++;
        trained.set(result.trained, at);
        message.set(result.message, at);
        for (const s of result.straddling) straddling.push(s + at);
        trainedCount += result.trainedCount;
        for (let c = 0; c < result.counts.length; c += 2) {
          const m = result.counts[c] as number;
          if (m < messageCount) perMessage[m] = (perMessage[m] as number) + (result.counts[c + 1] as number);
        }
        for (const split of result.splits) {
          const k = first + split.at;
          if (!('crossing' in split)) {
            splits.push({ span: k, text: split.text, tokens: split.tokens });
            continue;
          }
          // A special span over a cut (never one of the cuts themselves): counted on the whole text's tokens.
          splits.push(...crossingSplit(text, pieces, p, spans, k));
        }
        at += piece.flat.ids.length;
      }
      return { trained, message, perMessage, straddling: Int32Array.from(straddling), trainedCount, splits, remasked };
    },
  };
}

/** The split of special span `k` that starts in piece `p` and ends in a later one, from the pieces' tokens (placed in the text). */
function crossingSplit(text: string, pieces: readonly FlatPiece[], p: number, spans: Int32Array, k: number): SpecialSplit[] {
  const spanStart = spans[k * SPAN_FIELDS] as number;
  const spanEnd = spans[k * SPAN_FIELDS + 1] as number;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let q = p; q < pieces.length && (pieces[q] as FlatPiece).start < spanEnd; q++) {
    const { start, flat } = pieces[q] as FlatPiece;
    for (let i = 0; i < flat.ids.length; i++) {
      starts.push((flat.starts[i] as number) + start);
      ends.push((flat.ends[i] as number) + start);
    }
  }
  const tokens = splitOf(Int32Array.from(starts), Int32Array.from(ends), 0, starts.length, spanStart, spanEnd);
  return tokens === undefined ? [] : [{ span: k, text: text.slice(spanStart, spanEnd), tokens }];
}
