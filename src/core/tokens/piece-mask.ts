/**
 * The Token view's mask and counts (flat.ts: `flatTokenMask`, `flatSpecialSplits`) worked out
 * piece by piece (the pieces of segmented.ts), for the page's keystroke: at 2,000 messages masking
 * all ~188,000 tokens took 11 / 26 ms (p50 / p95) in the keystroke's frame (BENCHMARKS.md, Token
 * view). A keystroke changes one piece (the message typed in); the pieces before and after it
 * are the last call's (the same `flat` objects, at the same place from the start or the end), and
 * so are the spans they read: their part of the answer is copied from the last answer (places
 * moved by the characters typed), the totals adjusted by difference, and only the pieces between
 * are masked.
 *
 * A token's mask reads only the spans around it. For a piece [ps, pe) those are the spans from
 * the first that ends after ps to the first that starts at or after pe (that one too: a token in
 * a gap between spans takes the next span's message, as flatTokenMask does); a piece is masked
 * with those, counted from ps. The same figures as the whole functions, over any spans: tests
 * hold them equal (piece-mask.test.ts, and the page's answer in app/tokens/page-tokens.test.ts).
 */
import { SPAN_FIELDS, flatTokenMask, specialSplitAt, type FlatMask } from './flat.ts';
import type { FlatPiece } from './segmented.ts';
import type { FlatEncoding } from './flat.ts';
import type { SpecialSplit } from './special-splits.ts';

/** A special span that starts in a piece: its split (relative span index and what it is), or `crossing` when it ends past the piece. */
type PieceSplit = { at: number; text: string; tokens: number } | { at: number; crossing: true };

/** A piece's own figures, its token indices counted from its first token. */
interface PieceResult {
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
    const tokens = specialSplitAt(flat.starts, flat.ends, 0, flat.ids.length, spanStart, spanEnd);
    if (tokens !== undefined) splits.push({ at: k, text: text.slice(start + spanStart, start + spanEnd), tokens });
  }
  return { trained: mask.trained, message: mask.message, straddling: mask.straddling, trainedCount: mask.trainedCount, counts: countsOf(mask.message), splits };
}

/** What a call leaves for the next: its inputs and answer, and where each piece's tokens and spans are. */
interface Last {
  textLength: number;
  pieces: readonly FlatPiece[];
  spans: Int32Array;
  trainable: Uint8Array;
  messageCount: number;
  results: PieceResult[];
  /**
   * Per piece: its first token (one more entry: the token count), its first span read, and one
   * past the first span at or after its end (the last it read; the span count + 1 when none).
   */
  tokenAt: Int32Array;
  first: Int32Array;
  stop: Int32Array;
  /** A split crossed a cut: its count depends on the pieces after it (never taken from this call). */
  crossing: boolean;
  /** The spans' ends never go down (as a render's do): a piece's first span is then the first that ends after its start. */
  endsInOrder: boolean;
  /** Pieces whose encoding is not exact. */
  inexact: number;
  answer: PieceMaskAnswer & { encoding: FlatEncoding };
}

function endsInOrder(spans: Int32Array): boolean {
  for (let k = SPAN_FIELDS + 1; k < spans.length; k += SPAN_FIELDS) if ((spans[k] as number) < (spans[k - SPAN_FIELDS] as number)) return false;
  return true;
}

/** How many Int32s (or flags) are equal at the start of `a` and `b`. */
function commonHead(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** How many spans are equal at the end of `a` and `b`, the places in `b` moved by `shift` characters. */
function commonSpanTail(a: Int32Array, aTrainable: Uint8Array, b: Int32Array, bTrainable: Uint8Array, shift: number): number {
  const na = aTrainable.length;
  const nb = bTrainable.length;
  let k = 0;
  for (; k < Math.min(na, nb); k++) {
    const i = (na - 1 - k) * SPAN_FIELDS;
    const j = (nb - 1 - k) * SPAN_FIELDS;
    if (a[i] !== (b[j] as number) - shift || a[i + 1] !== (b[j + 1] as number) - shift || a[i + 2] !== b[j + 2] || a[i + 3] !== b[j + 3] || aTrainable[na - 1 - k] !== bTrainable[nb - 1 - k]) break;
  }
  return k;
}

/**
 * A masker that keeps the last call's results, piece by piece. `mask` gives what
 * `flatTokenMask` and `flatSpecialSplits` give for the joined pieces, and the joined encoding
 * (joinFlatPieces), with `spans`/`trainable` flat as in flat.ts.
 *
 * After a keystroke most pieces are the last call's at the start and at the end of the text, and
 * so are the spans they read: those pieces' tokens, places (moved by the characters typed) and
 * mask are copied from the last answer in a few block copies, its totals adjusted by the pieces
 * between (theirs out, the new ones' in); only the pieces between are masked. Touching each of
 * ~8,000 pieces' own small arrays per keystroke was most of the cost (memory, not arithmetic).
 */
export function pieceMasker() {
  let last: Last | undefined;
  return {
    mask(text: string, pieces: readonly FlatPiece[], spans: Int32Array, trainable: Uint8Array, messageCount: number): PieceMaskAnswer & { encoding: FlatEncoding } {
      const spanCount = Math.floor(spans.length / SPAN_FIELDS);
      const count = pieces.length;
      const shift = text.length - (last?.textLength ?? 0);
      const inOrder = endsInOrder(spans);
      // The pieces kept at the start (same tokens at the same place) and at the end (same distance from the text's end).
      let head = 0;
      let tail = 0;
      if (last && !last.crossing && last.messageCount === messageCount) {
        const before = last.pieces;
        const spanHead = Math.floor(commonHead(last.spans, spans) / SPAN_FIELDS);
        const spanTail = commonSpanTail(last.spans, last.trainable, spans, trainable, shift);
        const flagHead = commonHead(last.trainable, trainable);
        const sameSpansUpTo = Math.min(spanHead, flagHead);
        // A piece at the start is kept when every span it read is the same, at the same index.
        while (head < count && head < before.length && (before[head] as FlatPiece).flat === (pieces[head] as FlatPiece).flat && (before[head] as FlatPiece).start === (pieces[head] as FlatPiece).start && (last.stop[head] as number) <= sameSpansUpTo) head++;
        // One at the end, when the spans from its first on are the same (moved), and no span before them ends after its start.
        const oldSpans = last.trainable.length;
        const lastChanged = spanCount - spanTail - 1; // the last span not the same (moved), if any
        const endOfChanged = lastChanged >= 0 ? (spans[lastChanged * SPAN_FIELDS + 1] as number) : -1;
        if (inOrder && last.endsInOrder)
          while (
            tail < count - head &&
            tail < before.length - head &&
            (before[before.length - 1 - tail] as FlatPiece).flat === (pieces[count - 1 - tail] as FlatPiece).flat &&
            (before[before.length - 1 - tail] as FlatPiece).start + shift === (pieces[count - 1 - tail] as FlatPiece).start &&
            (last.first[before.length - 1 - tail] as number) >= oldSpans - spanTail &&
            endOfChanged <= (pieces[count - 1 - tail] as FlatPiece).start
          )
            tail++;
      }
      const oldCount = last?.pieces.length ?? 0;
      const oldMiddleEnd = oldCount - tail;
      const spanShift = spanCount - (last?.trainable.length ?? 0);

      // The pieces between: masked here.
      const results: PieceResult[] = new Array<PieceResult>(count);
      const tokenAt = new Int32Array(count + 1);
      const firsts = new Int32Array(count);
      const stops = new Int32Array(count);
      if (last && head > 0) {
        tokenAt.set(last.tokenAt.subarray(0, head + 1));
        firsts.set(last.first.subarray(0, head));
        stops.set(last.stop.subarray(0, head));
        for (let p = 0; p < head; p++) results[p] = last.results[p] as PieceResult;
      }
      let first = head > 0 && last ? (last.first[head - 1] as number) : 0;
      let crossing = false;
      const kept = last !== undefined && (head > 0 || tail > 0);
      let inexact = 0;
      if (kept && last) {
        inexact = last.inexact;
        for (let q = head; q < oldMiddleEnd; q++) if (!(last.pieces[q] as FlatPiece).flat.exact) inexact--;
      }
      for (let p = head; p < count - tail; p++) {
        const piece = pieces[p] as FlatPiece;
        tokenAt[p + 1] = (tokenAt[p] as number) + piece.flat.ids.length;
        while (first < spanCount && (spans[first * SPAN_FIELDS + 1] as number) <= piece.start) first++;
        let after = first; // the first span that starts at or after the piece's end, read too
        while (after < spanCount && (spans[after * SPAN_FIELDS] as number) < piece.end) after++;
        const stop = Math.min(after + 1, spanCount);
        if (!piece.flat.exact) inexact++;
        const own = new Int32Array(Math.max(0, stop - first) * SPAN_FIELDS);
        for (let k = first; k < stop; k++) {
          const o = (k - first) * SPAN_FIELDS;
          own[o] = (spans[k * SPAN_FIELDS] as number) - piece.start;
          own[o + 1] = (spans[k * SPAN_FIELDS + 1] as number) - piece.start;
          own[o + 2] = spans[k * SPAN_FIELDS + 2] as number;
          own[o + 3] = spans[k * SPAN_FIELDS + 3] as number;
        }
        const result = maskPiece(piece, own, trainable.slice(first, Math.max(first, stop)), text);
        results[p] = result;
        firsts[p] = first;
        stops[p] = after + 1;
        if (result.splits.some((split) => 'crossing' in split)) crossing = true;
      }
      const middleEnd = count - tail;
      const middleTokens = (tokenAt[middleEnd] as number) - (tokenAt[head] as number);
      const oldN = last ? (last.tokenAt[oldCount] as number) : 0;
      const tailTokens = last ? oldN - (last.tokenAt[oldMiddleEnd] as number) : 0;
      const n = (tokenAt[head] as number) + middleTokens + tailTokens;
      const tokenShift = n - oldN;
      if (last && tail > 0) {
        for (let q = oldMiddleEnd, p = middleEnd; q < oldCount; q++, p++) {
          results[p] = last.results[q] as PieceResult;
          tokenAt[p + 1] = (last.tokenAt[q + 1] as number) + tokenShift;
          firsts[p] = (last.first[q] as number) + spanShift;
          stops[p] = (last.stop[q] as number) + spanShift;
        }
      }

      // The arrays: the kept pieces' from the last answer (their places moved by `shift`), the others' from their pieces.
      const encoding: FlatEncoding = { ids: new Int32Array(n), starts: new Int32Array(n), ends: new Int32Array(n), exact: inexact === 0 };
      const trained = new Uint8Array(n);
      const message = new Int32Array(n);
      const headTokens = tokenAt[head] as number;
      if (last && headTokens > 0) {
        const was = last.answer;
        encoding.ids.set(last.answer.encoding.ids.subarray(0, headTokens));
        encoding.starts.set(last.answer.encoding.starts.subarray(0, headTokens));
        encoding.ends.set(last.answer.encoding.ends.subarray(0, headTokens));
        trained.set(was.trained.subarray(0, headTokens));
        message.set(was.message.subarray(0, headTokens));
      }
      for (let p = head, at = headTokens; p < middleEnd; p++) {
        const { start, flat } = pieces[p] as FlatPiece;
        const result = results[p] as PieceResult;
        for (let i = 0; i < flat.ids.length; i++) {
          encoding.ids[at + i] = flat.ids[i] as number;
          encoding.starts[at + i] = (flat.starts[i] as number) + start;
          encoding.ends[at + i] = (flat.ends[i] as number) + start;
          trained[at + i] = result.trained[i] as number;
          message[at + i] = result.message[i] as number;
        }
        at += flat.ids.length;
      }
      if (last && tailTokens > 0) {
        const was = last.answer.encoding;
        const from = oldN - tailTokens;
        const to = n - tailTokens;
        encoding.ids.set(was.ids.subarray(from), to);
        for (let i = 0; i < tailTokens; i++) {
          encoding.starts[to + i] = (was.starts[from + i] as number) + shift;
          encoding.ends[to + i] = (was.ends[from + i] as number) + shift;
        }
        trained.set(last.answer.trained.subarray(from), to);
        message.set(last.answer.message.subarray(from), to);
      }
      // The totals: the last answer's, less the pieces no longer there, plus the new ones.
      const perMessage = kept && last ? last.answer.perMessage.slice() : new Int32Array(Math.max(0, messageCount));
      let trainedCount = kept && last ? last.answer.trainedCount : 0;
      const add = (result: PieceResult, sign: number) => {
        trainedCount += sign * result.trainedCount;
        for (let c = 0; c < result.counts.length; c += 2) {
          const m = result.counts[c] as number;
          if (m < messageCount) perMessage[m] = (perMessage[m] as number) + sign * (result.counts[c + 1] as number);
        }
      };
      if (kept && last) for (let q = head; q < oldMiddleEnd; q++) add(last.results[q] as PieceResult, -1);
      for (let p = kept ? head : 0; p < (kept ? middleEnd : count); p++) add(results[p] as PieceResult, 1);

      // Straddling tokens and split special tokens: the kept pieces' from the last answer (moved), the others' from their pieces.
      const straddling: number[] = [];
      const splits: SpecialSplit[] = [];
      if (kept && last) {
        for (const t of last.answer.straddling) if (t < headTokens) straddling.push(t);
        for (const split of last.answer.splits) if ((last.spans[split.span * SPAN_FIELDS] as number) < (pieces[head]?.start ?? text.length)) splits.push(split);
      }
      for (let p = head, at = headTokens; p < middleEnd; p++) {
        const result = results[p] as PieceResult;
        for (const t of result.straddling) straddling.push(t + at);
        for (const split of result.splits) {
          const k = (firsts[p] as number) + split.at;
          if (!('crossing' in split)) splits.push({ span: k, text: split.text, tokens: split.tokens });
          // A special span over a cut (never one of the cuts themselves): counted on the whole text's tokens.
          else splits.push(...crossingSplit(text, pieces, p, spans, k));
        }
        at += (pieces[p] as FlatPiece).flat.ids.length;
      }
      if (kept && last && tail > 0) {
        const from = oldN - tailTokens;
        for (const t of last.answer.straddling) if (t >= from) straddling.push(t + tokenShift);
        const tailStart = (last.pieces[oldMiddleEnd] as FlatPiece).start;
        for (const split of last.answer.splits) if ((last.spans[split.span * SPAN_FIELDS] as number) >= tailStart) splits.push({ ...split, span: split.span + spanShift });
      }

      const answer = { trained, message, perMessage, straddling: Int32Array.from(straddling), trainedCount, splits, remasked: middleEnd - head, encoding };
      // Copies of the spans: the caller may hand its arrays on (to a worker, transferred).
      last = { textLength: text.length, pieces, spans: spans.slice(), trainable: trainable.slice(), messageCount, results, tokenAt, first: firsts, stop: stops, crossing, endsInOrder: inOrder, inexact, answer };
      return answer;
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
  const tokens = specialSplitAt(Int32Array.from(starts), Int32Array.from(ends), 0, starts.length, spanStart, spanEnd);
  return tokens === undefined ? [] : [{ span: k, text: text.slice(spanStart, spanEnd), tokens }];
}
