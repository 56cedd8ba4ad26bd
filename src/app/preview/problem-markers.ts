/**
 * The problems of text typed in a view (it does not parse, or parses with warnings) as Monaco
 * markers, under their own owner so that the render's diagnostics (controller.ts) stay apart.
 */
import type { editor } from 'monaco-editor/editor';
import type { Diagnostic, Severity } from '../../core/index.ts';
import type { Problem } from '../views/problems.ts';
import { monaco } from './monaco-env.ts';

export const PROBLEM_OWNER = 'parley-read-back';

const SEVERITY: Record<Severity, monaco.MarkerSeverity> = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning, info: monaco.MarkerSeverity.Info };

/** A Monaco marker for `diagnostic` over the text offsets `start`–`end` of `model` (render diagnostics and read-back problems alike). */
export function markerAt(model: editor.ITextModel, diagnostic: Diagnostic, start: number, end: number): editor.IMarkerData {
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(end);
  return {
    severity: SEVERITY[diagnostic.severity],
    message: diagnostic.message,
    code: diagnostic.code,
    source: 'Parley',
    startLineNumber: from.lineNumber,
    startColumn: from.column,
    endLineNumber: to.lineNumber,
    endColumn: to.column,
  };
}

/**
 * Placed problems at their range; an error that names no place at the start of the text (so
 * that an error is always visible in the editor). Unplaced warnings and notes are listed above
 * the editor only (view status).
 */
export function showProblems(model: editor.ITextModel, problems: readonly Problem[]): void {
  if (model.isDisposed()) return;
  const markers: editor.IMarkerData[] = [];
  for (const { diagnostic, range } of problems) {
    if (!range && diagnostic.severity !== 'error') continue;
    markers.push(markerAt(model, diagnostic, range?.start ?? 0, range?.end ?? 1));
  }
  monaco.editor.setModelMarkers(model, PROBLEM_OWNER, markers);
}
