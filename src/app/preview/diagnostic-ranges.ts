/**
 * Where each diagnostic shows in the preview: the text its path produced (see `focusRanges`:
 * a field that produced no text falls back to its list item). Diagnostics without a path, or
 * whose path produced nothing, have no place in the text and are listed only in the panel.
 */
import type { Diagnostic } from '../../core/index.ts';
import { focusRanges, type SpanIndex } from './span-index.ts';

/** Markers beyond this are left to the diagnostics panel (thousands of squiggles help no one and cost per keystroke). */
export const MAX_MARKERS = 500;

export interface PlacedDiagnostic {
  diagnostic: Diagnostic;
  start: number;
  end: number;
}

export function placeDiagnostics(index: SpanIndex, diagnostics: readonly Diagnostic[], max = MAX_MARKERS): PlacedDiagnostic[] {
  const out: PlacedDiagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (out.length >= max) break;
    if (!diagnostic.path || diagnostic.path.length === 0) continue;
    const first = focusRanges(index, diagnostic.path, 1).ranges[0];
    if (first) out.push({ diagnostic, start: first.start, end: first.end });
  }
  return out;
}
