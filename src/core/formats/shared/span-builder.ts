/**
 * The text and spans of a render, built in one pass by every format: chunks are appended with
 * `+=`, which engines keep as a rope (no copy until the text is read, then one copy, not
 * quadratic building; in V8 about twice as fast as an array of chunks joined at the end), and a
 * span that continues the previous one (same kind, path and trainable) is extended instead of
 * adding a new one. Author text (`content`) goes through the format's check first (the
 * token-injection warning).
 * Without spans (`RenderHow.spans: false`) only the text is kept: a JSON Lines render of a
 * whole training set prints no spans, and building them was a tenth of its time. Without text
 * (`RenderHow.text: false`: only the diagnostics are wanted) the pieces are not kept either.
 * Where text comes from may be given as a `Place`, whose path is then made only for a span.
 */
import { pathAt, pathsEqual, type FieldPath, type Where } from '../../model/path.ts';
import type { RenderHow, Span, SpanKind } from '../types.ts';
import { checkSpansInDevelopment } from './span-invariants.ts';

/** Called with every non-empty piece of author text before it is written. */
export type ContentCheck<W extends Where = FieldPath> = (text: string, where: W) => void;

/** `W`: how the format names where text comes from (paths, or places too). */
export class SpanBuilder<W extends Where = FieldPath> {
  private written = '';
  private length = 0;
  readonly spans: Span[] = [];
  /** The last span of `spans` (the one a piece may extend). */
  private last: Span | undefined;
  private readonly keepSpans: boolean;
  private readonly keepText: boolean;

  constructor(
    private readonly checkContent?: ContentCheck<W>,
    how?: RenderHow,
  ) {
    this.keepSpans = how?.spans ?? true;
    this.keepText = how?.text ?? true;
  }

  push(text: string, kind: SpanKind, where: W, trainable: boolean): void {
    if (text.length === 0) return;
    if (this.keepText) this.written += text;
    if (!this.keepSpans) return;
    const path = pathAt(where);
    const start = this.length;
    this.length = start + text.length;
    const last = this.last;
    if (last !== undefined && last.kind === kind && last.trainable === trainable && pathsEqual(last.path, path)) {
      last.end = this.length;
      return;
    }
    this.last = { start, end: this.length, kind, path, trainable };
    this.spans.push(this.last);
  }

  special(token: string, where: W, trainable: boolean): void {
    this.push(token, 'special', where, trainable);
  }

  structure(text: string, where: W, trainable: boolean): void {
    this.push(text, 'structure', where, trainable);
  }

  /** Text an author wrote, checked (when the format gave a check) before it is written. */
  content(text: string, where: W, trainable: boolean): void {
    if (text.length === 0) return;
    this.checkContent?.(text, where);
    this.push(text, 'content', where, trainable);
  }

  /** The text so far (for callers that want the text alone). */
  text(): string {
    return this.written;
  }

  /** The text and its spans; in development builds the spans are checked (span-invariants.ts). */
  finish(): { text: string; spans: Span[] } {
    const text = this.text();
    if (this.keepSpans && this.keepText) checkSpansInDevelopment(text, this.spans);
    return { text, spans: this.spans };
  }
}
