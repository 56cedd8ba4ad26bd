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
 * Fixed pieces a format always writes together (a turn's header) can be written as one `Run`:
 * their text joined once, so that they add one chunk to the text instead of one per piece (a
 * tenth of what a ChatML or Llama 3.1 render allocated), and their spans as the pieces pushed
 * one by one would make them.
 */
import { pathAt, pathsEqual, type FieldPath, type Where } from '../../model/path.ts';
import type { RenderHow, Span, SpanKind } from '../types.ts';
import { checkSpansInDevelopment } from './span-invariants.ts';

/** Called with every non-empty piece of author text before it is written. */
export type ContentCheck<W extends Where = FieldPath> = (text: string, where: W) => void;

/** A piece of a run: its text, the kind of its span, and whether it is trained. */
export type RunPiece = readonly [text: string, kind: SpanKind, trainable: boolean];

/** Pieces written together: their joined text, and the spans they make (empty pieces dropped, neighbours of one kind and trainable joined). */
export interface Run {
  readonly text: string;
  /** Where each span ends, counted from the start of the run. */
  readonly ends: readonly number[];
  readonly kinds: readonly SpanKind[];
  readonly trainable: readonly boolean[];
}

/** A run of fixed pieces, made once (a format's constants). */
export function fixedRun(pieces: readonly RunPiece[]): Run {
  let text = '';
  const ends: number[] = [];
  const kinds: SpanKind[] = [];
  const trainable: boolean[] = [];
  for (const [piece, kind, trained] of pieces) {
    if (piece.length === 0) continue;
    text += piece;
    const last = kinds.length - 1;
    if (last >= 0 && kinds[last] === kind && trainable[last] === trained) ends[last] = text.length;
    else {
      ends.push(text.length);
      kinds.push(kind);
      trainable.push(trained);
    }
  }
  return { text, ends, kinds, trainable };
}

/**
 * The most spans a builder makes room for at once when told how many to expect: V8 keeps an
 * array made with `new Array(n)` as a plain list up to about 16,000 items (beyond, as a slow
 * dictionary); past this the list grows as it is written. Raise it with that limit in mind.
 */
const EXPECTED_SPANS_MAX = 8192;

/**
 * About how many spans a ChatML or Llama 3.1 render of a conversation makes (`expectedSpans`
 * below): a turn 5 or 6 (header 2 or 4, content, end), a call 5 more, the system turn and
 * each tool 2. Off either way costs little: the list is cut, or grows.
 */
export function turnSpansEstimate(conversation: { messages: readonly unknown[]; tools: readonly unknown[] }): number {
  return 8 * conversation.messages.length + 2 * conversation.tools.length + 8;
}

/** `W`: how the format names where text comes from (paths, or places too). */
export class SpanBuilder<W extends Where = FieldPath> {
  private written = '';
  private length = 0;
  /** The spans, in a list that may be longer than `count` (made to the expected length): see `spans`. */
  private readonly list: Span[];
  private count = 0;
  /** The last span of `spans` (the one a piece may extend). */
  private last: Span | undefined;
  private readonly keepSpans: boolean;
  private readonly keepText: boolean;

  /**
   * @param expectedSpans about how many spans the render will make (a format's estimate from
   *   the number of messages): the list is made that long at once and cut to the spans made,
   *   instead of growing push by push, which copied a list of hundreds of spans a dozen times
   *   (a quarter of the cost of building them). Too few is no error: the list grows from there.
   */
  constructor(
    private readonly checkContent?: ContentCheck<W>,
    how?: RenderHow,
    expectedSpans = 0,
  ) {
    this.keepSpans = how?.spans ?? true;
    this.keepText = how?.text ?? true;
    this.list = this.keepSpans && expectedSpans > 0 ? new Array<Span>(Math.min(expectedSpans, EXPECTED_SPANS_MAX)) : [];
  }

  /** The spans so far (the list cut to them: no room left empty). */
  get spans(): Span[] {
    if (this.list.length !== this.count) this.list.length = this.count;
    return this.list;
  }

  push(text: string, kind: SpanKind, where: W, trainable: boolean): void {
    if (text.length === 0) return;
    if (this.keepText) this.written += text;
    if (this.keepSpans) this.span(text.length, kind, pathAt(where), trainable);
  }

  /** The span of `length` more characters: the last span extended when it continues it, else a new one. */
  private span(length: number, kind: SpanKind, path: FieldPath, trainable: boolean): void {
    const start = this.length;
    this.length = start + length;
    const last = this.last;
    if (last !== undefined && last.kind === kind && last.trainable === trainable && pathsEqual(last.path, path)) {
      last.end = this.length;
      return;
    }
    const span: Span = { start, end: this.length, kind, path, trainable };
    this.last = span;
    this.list[this.count++] = span;
  }

  /** The pieces of `run`, all from `where`, as if pushed one by one (the format's own text: not checked). */
  run(run: Run, where: W): void {
    if (run.text.length === 0) return;
    if (this.keepText) this.written += run.text;
    if (!this.keepSpans) return;
    const path = pathAt(where);
    const { ends, kinds, trainable } = run;
    let from = 0;
    for (let i = 0; i < ends.length; i++) {
      const end = ends[i] as number;
      this.span(end - from, kinds[i] as SpanKind, path, trainable[i] as boolean);
      from = end;
    }
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
