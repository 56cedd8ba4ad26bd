import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatSpecialSplits, flatTokenMask, SPAN_FIELDS, type FlatEncoding } from './flat.ts';
import { pieceMasker } from './piece-mask.ts';
import { joinFlatPieces, type FlatPiece } from './segmented.ts';

/** Pieces of a text of `length` characters cut at `cuts`, each cut into tokens of the given lengths (the last one takes the rest). */
function piecesOf(length: number, cuts: number[], tokenLengths: number[], frame: boolean): FlatPiece[] {
  const bounds = [...new Set([0, ...cuts.map((c) => c % (length + 1)), length])].sort((a, b) => a - b);
  const pieces: FlatPiece[] = [];
  // A BOS the tokenizer adds: one token of no characters at 0 (segmented.ts's frame).
  if (frame) pieces.push({ start: 0, end: 0, flat: { ids: Int32Array.of(1), starts: Int32Array.of(0), ends: Int32Array.of(0), exact: true } });
  let t = 0;
  for (let b = 0; b + 1 < bounds.length; b++) {
    const start = bounds[b] as number;
    const end = bounds[b + 1] as number;
    const starts: number[] = [];
    const ends: number[] = [];
    for (let at = 0; at < end - start; ) {
      const size = Math.min(1 + ((tokenLengths[t++ % Math.max(1, tokenLengths.length)] ?? 1) % 5), end - start - at);
      starts.push(at);
      ends.push(at + size);
      at += size;
    }
    pieces.push({ start, end, flat: { ids: Int32Array.from(starts, (_, i) => i + 2), starts: Int32Array.from(starts), ends: Int32Array.from(ends), exact: true } });
  }
  return pieces;
}

/** Sorted spans over the text, with gaps between some, of increasing message (or none), some special, some trained. */
function spansOf(length: number, raw: { gap: number; size: number; special: boolean; trained: boolean; next: boolean }[]): { spans: Int32Array; trainable: Uint8Array } {
  const spans: number[] = [];
  const trainable: number[] = [];
  let at = 0;
  let message = -1;
  for (const r of raw) {
    const start = at + (r.gap % 3 === 0 ? 1 : 0);
    const end = Math.min(length, start + (r.size % 7));
    if (start > length) break;
    if (r.next) message++;
    spans.push(start, end, message, r.special ? 1 : 0);
    trainable.push(r.trained ? 1 : 0);
    at = end;
  }
  return { spans: Int32Array.from(spans), trainable: Uint8Array.from(trainable) };
}

const span = fc.record({ gap: fc.nat(), size: fc.nat(), special: fc.boolean(), trained: fc.boolean(), next: fc.boolean() });

describe('the mask and counts piece by piece', () => {
  it('equal flatTokenMask and flatSpecialSplits of the joined pieces, again after the spans change (gaps, special spans over a cut, a BOS)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.array(fc.array(span, { maxLength: 25 }), { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 6 }),
        (length, cuts, tokenLengths, frame, spanLists, messageCount) => {
          const pieces = piecesOf(length, cuts, tokenLengths, frame);
          const joined: FlatEncoding = joinFlatPieces(pieces);
          const text = 'abcdefghij'.repeat(7).slice(0, length);
          const masker = pieceMasker();
          // The same pieces under other spans: what is kept from one call must not leak into the next.
          for (const raw of spanLists) {
            const { spans, trainable } = spansOf(length, raw);
            const got = masker.mask(text, pieces, spans, trainable, messageCount);
            const want = flatTokenMask(joined, spans, trainable, messageCount);
            expect({ ...got, splits: undefined, remasked: undefined, encoding: undefined }).toEqual({ ...want, splits: undefined, remasked: undefined, encoding: undefined });
            expect(got.encoding).toEqual(joined);
            expect(got.splits).toEqual(flatSpecialSplits(text, joined, spans));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('equal them over a run of edits: pieces changed, added and removed, spans moved, flags switched (the kept pieces copied from the last answer)', () => {
    // A segment's text is its own (a piece found again has the same text), made from its tokens.
    type Segment = { flat: FlatEncoding; length: number; text: string; spans: [number, number, number, number, number][] };
    const segment = fc.record({ tokens: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 0, maxLength: 6 }), spans: fc.array(fc.record({ gap: fc.nat({ max: 2 }), size: fc.nat({ max: 5 }), message: fc.integer({ min: -1, max: 5 }), special: fc.boolean(), trained: fc.boolean(), cross: fc.nat({ max: 9 }) }), { maxLength: 4 }) });
    const made = (raw: { tokens: number[]; spans: { gap: number; size: number; message: number; special: boolean; trained: boolean; cross: number }[] }): Segment => {
      const length = raw.tokens.reduce((sum, t) => sum + t, 0);
      const starts: number[] = [];
      let at = 0;
      for (const t of raw.tokens) {
        starts.push(at);
        at += t;
      }
      const spans: Segment['spans'] = [];
      let from = 0;
      for (const r of raw.spans) {
        const start = Math.min(length, from + r.gap);
        // Now and then a span runs one character into the next piece (a special span over a cut).
        const end = r.cross === 0 ? length + 1 : Math.min(length, start + r.size);
        if (end < start) break;
        spans.push([start, end, r.message, r.special ? 1 : 0, r.trained ? 1 : 0]);
        from = end;
        if (end > length) break;
      }
      const text = raw.tokens.map((t, i) => String.fromCharCode(97 + ((t * 7 + i) % 26)).repeat(t)).join('');
      return { flat: { ids: Int32Array.from(raw.tokens, (t, i) => t * 10 + i), starts: Int32Array.from(starts), ends: Int32Array.from(raw.tokens, (t, i) => (starts[i] as number) + t), exact: raw.tokens.length !== 5 }, length, text, spans };
    };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('change' as const), at: fc.nat(), segment }),
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(), segment }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('flag' as const), at: fc.nat(), span: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), fc.array(step, { minLength: 1, maxLength: 10 }), fc.boolean(), fc.nat({ max: 6 }), (start, steps, frame, messageCount) => {
        let segments = start.map(made);
        const masker = pieceMasker();
        const frameFlat: FlatEncoding = { ids: Int32Array.of(1), starts: Int32Array.of(0), ends: Int32Array.of(0), exact: true };
        for (const s of [undefined, ...steps]) {
          if (s?.kind === 'change') segments = segments.map((g, i) => (i === s.at % segments.length ? made(s.segment) : g));
          else if (s?.kind === 'add') segments = [...segments.slice(0, s.at % (segments.length + 1)), made(s.segment), ...segments.slice(s.at % (segments.length + 1))];
          else if (s?.kind === 'remove' && segments.length > 1) segments = segments.filter((_, i) => i !== s.at % segments.length);
          else if (s?.kind === 'flag') {
            const i = s.at % segments.length;
            const g = segments[i] as Segment;
            if (g.spans.length > 0) segments = segments.map((h, k) => (k === i ? { ...g, spans: g.spans.map((sp, j) => (j === s.span % g.spans.length ? ([sp[0], sp[1], sp[2], sp[3], 1 - sp[4]] as Segment['spans'][number]) : sp)) } : h));
          }
          const pieces: FlatPiece[] = frame ? [{ start: 0, end: 0, flat: frameFlat }] : [];
          const spans: number[] = [];
          const trainable: number[] = [];
          let at = 0;
          for (const g of segments) {
            pieces.push({ start: at, end: at + g.length, flat: g.flat });
            for (const [a, b, m, special, trained] of g.spans) {
              spans.push(at + a, Math.min(at + b, at + g.length + 1), m, special);
              trainable.push(trained);
            }
            at += g.length;
          }
          // Spans past the text's end are cut back to it.
          for (let k = 1; k < spans.length; k += SPAN_FIELDS) spans[k] = Math.min(spans[k] as number, at);
          const text = segments.map((g) => g.text).join('');
          const flatSpans = Int32Array.from(spans);
          const flags = Uint8Array.from(trainable);
          const joined = joinFlatPieces(pieces);
          const got = masker.mask(text, pieces, flatSpans, flags, messageCount);
          expect({ ...got, splits: undefined, remasked: undefined, encoding: undefined }).toEqual({ ...flatTokenMask(joined, flatSpans, flags, messageCount), splits: undefined, remasked: undefined, encoding: undefined });
          expect(got.encoding).toEqual(joined);
          expect(got.splits).toEqual(flatSpecialSplits(text, joined, flatSpans));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('masks again only the pieces whose tokens or spans changed', () => {
    // Three messages of one piece each, between special tokens of one character ("|").
    const textOf = (middle: string) => `|aa|${middle}|cc|`;
    const build = (middle: string, trainMiddle: boolean) => {
      const text = textOf(middle);
      const bounds = [0, 1, 3, 4, 4 + middle.length, 5 + middle.length, 7 + middle.length, 8 + middle.length];
      const flats = new Map<string, FlatEncoding>();
      const pieces: FlatPiece[] = [];
      for (let b = 0; b + 1 < bounds.length; b++) {
        const start = bounds[b] as number;
        const end = bounds[b + 1] as number;
        const piece = text.slice(start, end);
        // The same text gives the same flat object, as segmented.ts gives it back for a piece found again.
        const flat = flats.get(piece) ?? { ids: Int32Array.of(piece.length), starts: Int32Array.of(0), ends: Int32Array.of(end - start), exact: true };
        flats.set(piece, flat);
        pieces.push({ start, end, flat });
      }
      const spans: number[] = [];
      const trainable: number[] = [];
      for (let b = 0; b + 1 < bounds.length; b++) {
        const message = b === 0 || b === 6 ? -1 : Math.floor((b - 1) / 2);
        spans.push(bounds[b] as number, bounds[b + 1] as number, message, b % 2 === 0 ? 1 : 0);
        trainable.push(b === 3 && trainMiddle ? 1 : 0);
      }
      return { text, pieces, spans: Int32Array.from(spans), trainable: Uint8Array.from(trainable) };
    };
    const masker = pieceMasker();
    const first = build('bb', false);
    expect(masker.mask(first.text, first.pieces, first.spans, first.trainable, 3).remasked).toBe(first.pieces.length);
    // The same pieces objects for the unchanged text, a new one for the message typed in.
    const reuse = (next: ReturnType<typeof build>) => ({ ...next, pieces: next.pieces.map((p, i) => (p.end - p.start === (first.pieces[i] as FlatPiece).end - (first.pieces[i] as FlatPiece).start && i !== 3 ? { ...p, flat: (first.pieces[i] as FlatPiece).flat } : p)) });
    const typed = reuse(build('bbb', false));
    const answer = masker.mask(typed.text, typed.pieces, typed.spans, typed.trainable, 3);
    // The message's piece, and the special token before it (the first span it reads past its end moved).
    expect(answer.remasked).toBe(2);
    expect(Array.from(answer.perMessage)).toEqual([2, 2, 1]);
    const trained = reuse(build('bbb', true));
    const again = masker.mask(trained.text, trained.pieces, trained.spans, trained.trainable, 3);
    expect(again.remasked).toBe(2);
    expect(again.trainedCount).toBe(1);
  });
});
