/**
 * A provisional mask (docs/jinja.md, "A provisional mask while typing"): the last exact render's
 * training mask laid over a newer render whose mask is not computed yet (the app's preview shows
 * it while the template worker computes the exact one). The rule, which keeps the carried mask
 * the one the exact render would most likely give, and never a guess about a changed structure:
 * - the newer render's spans (before the mask) have the same structure as the last exact
 *   render's before its mask: as many spans, each of the same kind, path and flag, in order;
 * - at most one span's text differs, and it is a field's (text the person typed), not the
 *   template's own;
 * - in the last exact render's masked spans, that field's text is one span, start to end (the
 *   mask did not cut it): it is replaced by the new text, and every span after it moves by the
 *   change of length.
 * Otherwise there is no provisional render (undefined). Its diagnostics are the newer render's,
 * with the mask's own (mask-fields-only, generation-unread) of the last exact render, so that
 * they do not blink off and on while typing. The caller flags it as provisional: nothing that
 * counts, exports or trains may read it.
 */
import { pathsEqual } from '../../../model/path.ts';
import type { Rendered, Span } from '../../types.ts';
import { CODES } from '../codes.ts';

/** The last exact render, and the same render before its mask (`renderJinjaStagedWithin`'s `unmasked`). */
export interface ExactStages {
  unmasked: Rendered;
  masked: Rendered;
}

/** The diagnostics the mask adds to a render (mask/index.ts): carried with the mask. */
const MASK_CODES: ReadonlySet<string> = new Set([CODES.maskFieldsOnly, CODES.generationUnread]);

const sameShape = (a: Span, b: Span): boolean => a.kind === b.kind && a.trainable === b.trainable && pathsEqual(a.path, b.path);

/** `now` (a render before its mask) with the mask of `exact` carried over, or undefined when the rule above does not hold. */
export function carryMask(exact: ExactStages, now: Rendered): Rendered | undefined {
  const before = exact.unmasked;
  if (before.text !== exact.masked.text || before.spans.length !== now.spans.length) return undefined;
  let edited = -1;
  for (let k = 0; k < now.spans.length; k++) {
    const old = before.spans[k] as Span;
    const span = now.spans[k] as Span;
    if (!sameShape(old, span)) return undefined;
    const changed = old.end - old.start !== span.end - span.start || before.text.slice(old.start, old.end) !== now.text.slice(span.start, span.end);
    if (!changed) continue;
    if (edited >= 0 || span.path.length === 0) return undefined;
    edited = k;
  }
  const diagnostics = [...now.diagnostics, ...exact.masked.diagnostics.filter((d) => MASK_CODES.has(d.code))];
  if (edited < 0) return now.text === before.text ? { text: now.text, spans: exact.masked.spans.map((span) => ({ ...span })), diagnostics } : undefined;
  const old = before.spans[edited] as Span;
  const shift = (now.spans[edited] as Span).end - old.end;
  const spans: Span[] = [];
  let replaced = false;
  for (const span of exact.masked.spans) {
    if (span.end <= old.start) spans.push({ ...span });
    else if (span.start >= old.end) spans.push({ ...span, start: span.start + shift, end: span.end + shift });
    else if (span.start === old.start && span.end === old.end) {
      spans.push({ ...span, end: span.end + shift });
      replaced = true;
    } else return undefined; // the mask cut the edited field, or joined it with its neighbours
  }
  return replaced ? { text: now.text, spans, diagnostics } : undefined;
}
