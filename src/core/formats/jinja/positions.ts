/**
 * Where in the template each `jinja/template-error` diagnostic happened: the render (loaded on
 * demand) records it, the app's Template view reads it. Kept apart from the render so that
 * reading it does not load the engine.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';

/** 1-based, as editors show them. (Here, not beside the code that finds it, so that the library's types of the format do not name the engine's.) */
export interface TemplatePosition {
  line: number;
  column: number;
}

export const positions = new WeakMap<Diagnostic, TemplatePosition>();

/** Where in the template a `jinja/template-error` diagnostic of a render happened, when known. */
export function templateErrorPosition(diagnostic: Diagnostic): TemplatePosition | undefined {
  return positions.get(diagnostic);
}
