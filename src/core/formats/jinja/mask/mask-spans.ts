/**
 * The trained regions laid over the render's spans. Inside the region of assistant message i
 * everything is trained: the located fields keep their paths, and the template's own text gets
 * one, so that the mask options act on it as on a native format's (core/tokens/mask.ts): text
 * before, between or after a call's located fields belongs to that call (`toolCalls: false`
 * leaves out the template's `<tool_call>` wrapping with the call), the rest to the message
 * (its end-of-turn token; `messages: {i: false}` leaves it out). Outside the regions nothing
 * of a message whose region was read is trained; a message whose region could not be read
 * keeps its located fields' flags (the fallback).
 */
import type { FieldPath } from '../../../model/path.ts';
import { SpanBuilder } from '../../shared/span-builder.ts';
import type { Span } from '../../types.ts';

export interface MaskRegion {
  /** The assistant message it trains; -1 when it cannot be told (a generation region without a located field). */
  message: number;
  start: number;
  end: number;
}

function messageOf(path: FieldPath): number {
  return path[0] === 'messages' && typeof path[1] === 'number' ? path[1] : -1;
}

/** The path of the call a field belongs to (`…toolCalls/0`, `…blocks/2/calls/0`), or undefined. */
function callOf(path: FieldPath): FieldPath | undefined {
  for (let k = path.length - 2; k >= 0; k--) {
    if ((path[k] === 'toolCalls' || path[k] === 'calls') && typeof path[k + 1] === 'number') return path.slice(0, k + 2);
  }
  return undefined;
}

const isField = (span: Span): boolean => span.path.length > 0;

/** The first region of `sorted` that ends after `at`, from index `from` on (regions in order, apart). */
function nextRegion(sorted: readonly MaskRegion[], from: number, at: number): number {
  let r = from;
  while (r < sorted.length && (sorted[r] as MaskRegion).end <= at) r++;
  return r;
}

/**
 * `regions`: the trained text of assistant messages; `owned`: all the text each message adds
 * (its header, its end: the template's text there gets the message's path, not trained).
 * `decided(m)`: message m's training is read from the regions (its located fields outside them are not trained).
 */
export function maskedSpans(text: string, spans: readonly Span[], regions: readonly MaskRegion[], owned: readonly MaskRegion[], decided: (message: number) => boolean): Span[] {
  const trained = [...regions].sort((a, b) => a.start - b.start);
  const owners = [...owned].sort((a, b) => a.start - b.start);
  const out = new SpanBuilder();
  let r = 0;
  let o = 0;
  spans.forEach((span, k) => {
    let at = span.start;
    while (at < span.end) {
      r = nextRegion(trained, r, at);
      o = nextRegion(owners, o, at);
      const region = trained[r];
      const owner = owners[o];
      if (region !== undefined && region.start <= at) {
        const to = Math.min(span.end, region.end);
        const piece = text.slice(at, to);
        if (isField(span)) out.push(piece, span.kind, span.path, true);
        else out.push(piece, span.kind, ownerOf(spans, k, region, span.kind === 'special' && to === region.end), true);
        at = to;
        continue;
      }
      const ownerHere = owner !== undefined && owner.start <= at ? owner : undefined;
      const to = Math.min(span.end, region?.start ?? span.end, ownerHere?.end ?? owner?.start ?? span.end);
      const piece = text.slice(at, to);
      const m = messageOf(span.path);
      if (isField(span)) out.push(piece, span.kind, span.path, span.trainable && !(m >= 0 && decided(m)));
      else out.push(piece, span.kind, ownerHere ? ['messages', ownerHere.message] : span.path, false);
      at = to;
    }
  });
  return out.finish().spans;
}

/** Whom the template's text at span k inside `region` belongs to: a call next to it, else the message. */
function ownerOf(spans: readonly Span[], k: number, region: MaskRegion, turnEnd: boolean): FieldPath {
  const message: FieldPath = region.message >= 0 ? ['messages', region.message] : [];
  if (region.message < 0) return message;
  let next: Span | undefined;
  for (let j = k + 1; j < spans.length && (spans[j] as Span).start < region.end; j++) {
    if (isField(spans[j] as Span)) {
      next = spans[j];
      break;
    }
  }
  const nextCall = next === undefined ? undefined : callOf(next.path);
  if (nextCall !== undefined && messageOf(nextCall) === region.message) return nextCall;
  if (next !== undefined || turnEnd) return message;
  let previous: Span | undefined;
  for (let j = k - 1; j >= 0 && (spans[j] as Span).end > region.start; j--) {
    if (isField(spans[j] as Span)) {
      previous = spans[j];
      break;
    }
  }
  const previousCall = previous === undefined ? undefined : callOf(previous.path);
  return previousCall !== undefined && messageOf(previousCall) === region.message ? previousCall : message;
}
