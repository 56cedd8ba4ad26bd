/**
 * What the preview shows, read from the store: the render, the diagnostics (the same list as
 * the diagnostics panel), the focused field and the toggles. Memoised on the store's values so
 * that a change elsewhere in the store (save status, theme) costs nothing.
 */
import type { Diagnostic, FieldPath, Span } from '../../core/index.ts';
import { collectDiagnostics } from '../panels/collect-diagnostics.ts';
import { renderState, validationState, type AppState } from '../store/index.ts';

export interface PreviewInputs {
  text: string;
  spans: readonly Span[];
  diagnostics: readonly Diagnostic[];
  formatId: string;
  focusedPath: FieldPath | null;
  shadeTrainable: boolean;
  showWhitespace: boolean;
}

let lastSources: { imported: readonly Diagnostic[]; editor: readonly Diagnostic[]; format: readonly Diagnostic[]; listed: readonly Diagnostic[] } | undefined;

/** Every diagnostic of the current record (import, checks, format), as the panel lists them. */
export function listedDiagnostics(state: AppState): readonly Diagnostic[] {
  const imported = state.importDiagnostics;
  const editor = validationState(state);
  const format = renderState(state).diagnostics;
  if (lastSources && lastSources.imported === imported && lastSources.editor === editor && lastSources.format === format) return lastSources.listed;
  const listed = collectDiagnostics({ import: imported, editor, format });
  lastSources = { imported, editor, format, listed };
  return listed;
}

export function previewInputs(state: AppState): PreviewInputs {
  const rendered = renderState(state);
  return {
    text: rendered.text,
    spans: rendered.spans,
    diagnostics: listedDiagnostics(state),
    formatId: state.formatId,
    focusedPath: state.focusedPath,
    shadeTrainable: state.shadeTrainable,
    showWhitespace: state.showWhitespace,
  };
}
