/**
 * Accumulates rendered text and its spans in one pass: chunks go to an array joined once at
 * the end (no quadratic string building), and a span that continues the previous one (same
 * kind, path and trainable) extends it instead of adding a new one.
 */
import { pathsEqual, type FieldPath } from '../../model/path.ts';
import type { Span, SpanKind } from '../types.ts';

export class RenderBuilder {
  private readonly chunks: string[] = [];
  private length = 0;
  readonly spans: Span[] = [];

  push(text: string, kind: SpanKind, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    const start = this.length;
    this.length = start + text.length;
    this.chunks.push(text);
    const last = this.spans[this.spans.length - 1];
    if (last !== undefined && last.kind === kind && last.trainable === trainable && pathsEqual(last.path, path)) {
      last.end = this.length;
      return;
    }
    this.spans.push({ start, end: this.length, kind, path, trainable });
  }

  text(): string {
    return this.chunks.join('');
  }
}

