/**
 * The rendered text, spans and diagnostics of the current record: derived, never stored.
 * One render per change of (record, format, options), shared by every subscriber (preview,
 * diagnostics panel, editors) through a single-entry memo.
 */
import { findFormat, validateRecord, withoutValidated, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { useAppStore, type AppState } from './store.ts';

let last: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; rendered: Rendered } | undefined;

/**
 * The render of the current record. Its diagnostics leave out what `validateRecord` also
 * reports (core's `withoutValidated`: same code and path), so that the panel, the fields and
 * the test API list such a problem once, with one severity, as the CLI does.
 */
export function renderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>): Rendered {
  const options = state.formatOptions[state.formatId];
  if (last && last.record === state.record && last.formatId === state.formatId && last.options === options) return last.rendered;
  const format = findFormat(state.formatId);
  const rendered: Rendered = format
    ? withoutValidatedRender(format.render(state.record, options), validationState(state))
    : { text: '', spans: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${state.formatId}".` }] };
  last = { record: state.record, formatId: state.formatId, options, rendered };
  return rendered;
}

function withoutValidatedRender(rendered: Rendered, validation: readonly Diagnostic[]): Rendered {
  const diagnostics = withoutValidated(rendered.diagnostics, validation);
  return diagnostics === rendered.diagnostics ? rendered : { ...rendered, diagnostics: [...diagnostics] };
}

/** The current render, for components. Re-renders the caller only when the render changes. */
export function useRendered(): Rendered {
  return useAppStore(renderState);
}

let lastValidation: { record: ParleyRecord; diagnostics: Diagnostic[] } | undefined;

/** `validateRecord` of the current record (format-independent diagnostics), memoised like the render. */
export function validationState(state: Pick<AppState, 'record'>): Diagnostic[] {
  if (lastValidation?.record !== state.record) lastValidation = { record: state.record, diagnostics: validateRecord(state.record) };
  return lastValidation.diagnostics;
}

export function useValidation(): Diagnostic[] {
  return useAppStore(validationState);
}
