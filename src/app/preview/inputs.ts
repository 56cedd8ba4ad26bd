/**
 * What the preview shows, read from the store: the render, the diagnostics (the store's one
 * list, as the diagnostics panel shows it), the focused field and the toggles. Memoised on the
 * store's values (the spans' trainable flags after the training-mask controls) so that a change elsewhere in the store (save status, theme) costs nothing.
 */
import { waitsForFormat, type Diagnostic, type FieldPath, type Span } from '../../core/index.ts';
import { diagnosticsState, renderState, type AppState } from '../store/index.ts';
import { maskedRender } from '../tokens/masked-spans.ts';

export interface PreviewInputs {
  text: string;
  spans: readonly Span[];
  diagnostics: readonly Diagnostic[];
  formatId: string;
  /** The format's code is still loading (Format.prepare): the text is a placeholder, not the record's render. */
  loading: boolean;
  focusedPath: FieldPath | null;
  shadeTrainable: boolean;
  showWhitespace: boolean;
}

export function previewInputs(state: AppState): PreviewInputs {
  const rendered = renderState(state);
  return {
    text: rendered.text,
    // The training-mask controls decide the trainable shading (the same flags as the Token view's).
    spans: maskedRender(state, rendered),
    diagnostics: diagnosticsState(state),
    formatId: state.formatId,
    loading: waitsForFormat(rendered),
    focusedPath: state.focusedPath,
    shadeTrainable: state.shadeTrainable,
    showWhitespace: state.showWhitespace,
  };
}
