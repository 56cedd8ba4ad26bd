/**
 * What every render's spans promise (formats/types.ts `Span`): non-empty, sorted, contiguous
 * (so neither overlapping nor leaving a gap), covering the text from 0 to its length, and each
 * with a path of field names and array indexes. `SpanBuilder` keeps these by construction; the
 * check catches a format that edits spans afterwards or a builder change that breaks them, in
 * development and test runs only, so that production renders pay nothing for it.
 */
import type { Span } from '../types.ts';

/**
 * True in the Vite dev server and under Vitest (`import.meta.env.DEV`); false in a production
 * build (Vite replaces `import.meta.env.DEV` with `false`, so the check is dropped: written out
 * in full, not as `?.DEV`, which the replacement would not match) and under plain Node or tsx
 * (the CLI, the benchmarks), where `import.meta.env` does not exist.
 */
const DEVELOPMENT: boolean = import.meta.env !== undefined && import.meta.env.DEV === true;

function validSegment(segment: unknown): boolean {
  return typeof segment === 'string' || (typeof segment === 'number' && Number.isInteger(segment) && segment >= 0);
}

/** The first broken promise of `spans` over `text`, in words, or undefined when they keep all. */
export function spanProblem(text: string, spans: readonly Span[]): string | undefined {
  let at = 0;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as Span;
    if (span.start !== at) return `span ${i} starts at ${span.start}, expected ${at} (${span.start < at ? 'overlap' : 'gap'})`;
    if (span.end <= span.start) return `span ${i} [${span.start}, ${span.end}) is empty or reversed`;
    if (span.end > text.length) return `span ${i} ends at ${span.end}, after the text (${text.length})`;
    if (!Array.isArray(span.path) || !span.path.every(validSegment)) return `span ${i} has the path ${JSON.stringify(span.path)}, not field names and indexes`;
    at = span.end;
  }
  if (at !== text.length) return `the spans end at ${at}, the text at ${text.length}`;
  return undefined;
}

/** Throws on a broken promise, in development and test runs only. */
export function checkSpansInDevelopment(text: string, spans: readonly Span[]): void {
  if (!DEVELOPMENT) return;
  const problem = spanProblem(text, spans);
  if (problem !== undefined) throw new Error(`Render spans are broken: ${problem}.`);
}
