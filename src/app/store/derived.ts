/**
 * The rendered text, spans and diagnostics of the current record: derived, never stored.
 * One render per change of (record, format, options), shared by every subscriber (preview,
 * diagnostics panel, editors) through a single-entry memo.
 */
import { findFormat, formatPath, validateRecord, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { useAppStore, type AppState } from './store.ts';

let last: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; rendered: Rendered } | undefined;

/**
 * The render of the current record. Its diagnostics leave out what `validateRecord` also
 * reports (same code and path): a format may make one of those checks itself (the Apertus
 * format warns about tool-call arguments that are not JSON, with validateRecord's code, path
 * and message, for the CLI and its own tests), and the app must list such a problem once, with
 * one severity, in the panel, at the field and in the test API alike. validateRecord is the
 * app's one producer of format-independent checks.
 */
export function renderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>): Rendered {
  const options = state.formatOptions[state.formatId];
  if (last && last.record === state.record && last.formatId === state.formatId && last.options === options) return last.rendered;
  const format = findFormat(state.formatId);
  const rendered: Rendered = format
    ? withoutValidated(format.render(state.record, options), validationState(state))
    : { text: '', spans: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${state.formatId}".` }] };
  last = { record: state.record, formatId: state.formatId, options, rendered };
  return rendered;
}

function identity(diagnostic: Diagnostic): string {
  return `${diagnostic.code}\u0000${formatPath(diagnostic.path ?? [])}`;
}

function withoutValidated(rendered: Rendered, validation: readonly Diagnostic[]): Rendered {
  if (validation.length === 0 || rendered.diagnostics.length === 0) return rendered;
  const validated = new Set(validation.map(identity));
  const diagnostics = rendered.diagnostics.filter((d) => !validated.has(identity(d)));
  return diagnostics.length === rendered.diagnostics.length ? rendered : { ...rendered, diagnostics };
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
