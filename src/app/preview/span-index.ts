/**
 * Lookups over the spans of a render (sorted, non-overlapping, covering the text): the span at
 * an offset by binary search, the spans inside a window of the text, and the ranges a field
 * path produced. Built once per render, lazily, so a keystroke costs only what is asked.
 */
import { pathStartsWith, type FieldPath, type Span } from '../../core/index.ts';

export interface OffsetRange {
  start: number;
  end: number;
}

type Segment = string | number;

export class SpanIndex {
  /** Span indexes by the first two segments of their path (`messages` → 3 → […]): almost every lookup names a list item. */
  private buckets: Map<Segment, Map<Segment, number[]>> | undefined;

  constructor(readonly spans: readonly Span[]) {}

  /** Index of the first span whose end is after `offset` (spans.length when none). */
  firstEndingAfter(offset: number): number {
    let low = 0;
    let high = this.spans.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.spans[mid] as Span).end <= offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The span that contains the character at `offset`, if any. */
  spanAt(offset: number): Span | undefined {
    const span = this.spans[this.firstEndingAfter(offset)];
    return span && span.start <= offset ? span : undefined;
  }

  /** The spans that overlap `[from, to)`, in order. */
  *overlapping(from: number, to: number): Generator<Span> {
    for (let i = this.firstEndingAfter(from); i < this.spans.length; i++) {
      const span = this.spans[i] as Span;
      if (span.start >= to) return;
      yield span;
    }
  }

  /**
   * The ranges of the spans produced by `path` or a field below it, adjacent spans merged, in
   * text order, at most `limit` of them.
   */
  rangesFor(path: FieldPath, limit = Infinity): OffsetRange[] {
    const ranges: OffsetRange[] = [];
    const add = (span: Span) => {
      const last = ranges[ranges.length - 1];
      if (last && last.end === span.start) last.end = span.end;
      else ranges.push({ start: span.start, end: span.end });
    };
    if (path.length >= 2) {
      for (const i of this.bucketOf(path[0] as Segment, path[1] as Segment)) {
        const span = this.spans[i] as Span;
        if (pathStartsWith(span.path, path)) add(span);
        if (ranges.length > limit) break;
      }
    } else {
      for (const span of this.spans) {
        if (pathStartsWith(span.path, path)) add(span);
        if (ranges.length > limit) break;
      }
    }
    return ranges.length > limit ? ranges.slice(0, limit) : ranges;
  }

  private bucketOf(first: Segment, second: Segment): readonly number[] {
    if (!this.buckets) {
      const buckets = new Map<Segment, Map<Segment, number[]>>();
      this.spans.forEach((span, i) => {
        if (span.path.length < 2) return;
        const [a, b] = span.path as [Segment, Segment];
        let inner = buckets.get(a);
        if (!inner) buckets.set(a, (inner = new Map()));
        const bucket = inner.get(b);
        if (bucket) bucket.push(i);
        else inner.set(b, [i]);
      });
      this.buckets = buckets;
    }
    return this.buckets.get(first)?.get(second) ?? [];
  }
}

/**
 * The ranges to highlight for a focused form field: the spans of its path or, when the field
 * produced no text of its own (a role select, an empty optional field), of its closest ancestor
 * that did, never wider than one item of a list (`messages[3]`, not every message).
 */
export function focusRanges(index: SpanIndex, path: FieldPath, limit = Infinity): { path: FieldPath; ranges: OffsetRange[] } {
  const minLength = typeof path[1] === 'number' ? 2 : 1;
  for (let length = path.length; length >= minLength; length--) {
    const prefix = path.slice(0, length);
    const ranges = index.rangesFor(prefix, limit);
    if (ranges.length > 0) return { path: prefix, ranges };
  }
  return { path, ranges: [] };
}

/**
 * The character a click at caret `offset` landed on: the one after the caret when the pointer
 * is right of the caret, else the one before (Monaco reports the nearest caret position).
 */
export function clickedOffset(offset: number, pointerRightOfCaret: boolean, textLength: number): number {
  const target = pointerRightOfCaret ? offset : offset - 1;
  return Math.max(0, Math.min(target, textLength - 1));
}
