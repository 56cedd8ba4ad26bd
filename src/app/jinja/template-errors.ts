/**
 * Where in the template a render's error happened, for renders that came from the worker. The
 * core keeps positions in a WeakMap keyed by the diagnostic object (core/formats/jinja/
 * positions.ts); a diagnostic that crossed `postMessage` is a copy the core never saw, so its
 * position came as data beside it and is kept here, keyed by the copy.
 */
import { templateErrorPosition, type Diagnostic, type TemplatePosition } from '../../core/index.ts';

const positions = new WeakMap<Diagnostic, TemplatePosition>();

/** Keeps `positions[i]` as the place of `diagnostics[i]`; returns `diagnostics`. */
export function rememberTemplatePositions(diagnostics: Diagnostic[], positionsOf: readonly (TemplatePosition | null)[]): Diagnostic[] {
  diagnostics.forEach((diagnostic, i) => {
    const position = positionsOf[i];
    if (position) positions.set(diagnostic, position);
  });
  return diagnostics;
}

/** The template line and column of a render's error, whether the render ran here or in the worker. */
export function templateErrorAt(diagnostic: Diagnostic): TemplatePosition | undefined {
  return positions.get(diagnostic) ?? templateErrorPosition(diagnostic);
}
