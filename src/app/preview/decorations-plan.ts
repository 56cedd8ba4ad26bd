/**
 * Which decorations the preview shows, as offsets into the rendered text (pure; the controller
 * converts them to Monaco positions). Only a window around what is on screen is decorated:
 * Monaco slows down with many decorations, and a 1 MB render has tens of thousands of spans.
 */
import type { Span } from '../../core/index.ts';
import { lineBreakOffsets } from './display-text.ts';
import type { OffsetRange, SpanIndex } from './span-index.ts';

/**
 * Characters decorated on each side of the visible text. Large enough that a scroll of a screen
 * or two needs no recomputation, small enough that a window holds a few hundred spans.
 */
export const WINDOW_MARGIN = 10_000;

/** At most this many decorations per window (a pathological render of one-character spans stays fast). */
export const MAX_WINDOW_DECORATIONS = 4_000;

/**
 * `fim-middle`: the middle of a fill-in-the-middle segment (what the model writes), marked
 * whatever the toggles say: in the rendered text it is hard to find otherwise, since the FIM
 * order option may put it after the suffix.
 */
export type DecorationKind = 'special' | 'trainable' | 'line-break' | 'fim-middle';

export interface PlannedDecoration {
  start: number;
  end: number;
  kind: DecorationKind;
}

export interface DecorationFlags {
  shadeTrainable: boolean;
  showWhitespace: boolean;
}

/** The window to decorate for the visible range `[visibleStart, visibleEnd)`. */
export function decorationWindow(visibleStart: number, visibleEnd: number, textLength: number, margin = WINDOW_MARGIN): OffsetRange {
  return { start: Math.max(0, visibleStart - margin), end: Math.min(textLength, visibleEnd + margin) };
}

/**
 * Whether the decorated window still covers the visible range with half a margin to spare
 * (or up to the end of the text), i.e. whether a scroll can skip recomputing.
 */
export function windowCovers(decorated: OffsetRange, visibleStart: number, visibleEnd: number, textLength: number, margin = WINDOW_MARGIN): boolean {
  const half = margin / 2;
  const startOk = decorated.start === 0 || decorated.start <= visibleStart - half;
  const endOk = decorated.end >= textLength || decorated.end >= visibleEnd + half;
  return startOk && endOk;
}

/**
 * Whether a span is the middle of a FIM segment: its path ends in `parts[k].middle`, the only
 * field of the model named `middle` (any format that renders FIM segments marks them so).
 */
export function isFimMiddle(span: Span): boolean {
  const { path } = span;
  return path.length >= 3 && path[path.length - 1] === 'middle' && typeof path[path.length - 2] === 'number' && path[path.length - 3] === 'parts';
}

/**
 * Decorations for `window`: every special span (its exact range, whatever the tokenizer
 * thinks), every FIM middle (clipped to the window), runs of trainable text merged into one
 * range each (clipped to the window), and a marker on each line break when whitespace is shown.
 */
export function planDecorations(index: SpanIndex, text: string, window: OffsetRange, flags: DecorationFlags, max = MAX_WINDOW_DECORATIONS): PlannedDecoration[] {
  const out: PlannedDecoration[] = [];
  let trainable: PlannedDecoration | undefined;
  for (const span of index.overlapping(window.start, window.end)) {
    if (out.length >= max) break;
    if (span.kind === 'special') out.push({ start: span.start, end: span.end, kind: 'special' });
    else if (span.end > span.start && isFimMiddle(span)) out.push({ start: Math.max(span.start, window.start), end: Math.min(span.end, window.end), kind: 'fim-middle' });
    if (!flags.shadeTrainable) continue;
    if (span.trainable && span.end > span.start) {
      if (trainable && trainable.end === span.start) trainable.end = Math.min(span.end, window.end);
      else {
        trainable = { start: Math.max(span.start, window.start), end: Math.min(span.end, window.end), kind: 'trainable' };
        out.push(trainable);
      }
    }
  }
  if (flags.showWhitespace) {
    for (const at of lineBreakOffsets(text, window.start, window.end, max - out.length)) out.push({ start: at, end: at, kind: 'line-break' });
  }
  return out;
}
