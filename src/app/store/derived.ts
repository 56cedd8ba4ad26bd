/**
 * What is computed from the store: the render of the current record, its checks and the one
 * list of diagnostics. Derived, never stored: each is memoised on the store values it reads
 * (single-entry memos), so a keystroke computes each once however many subscribers read it
 * (preview, diagnostics panel, form fields, test API).
 */
import { checkRecord, findFormat, validateRecord, type CheckProfile, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { profileOf, type ProfileInputs } from './check-profile.ts';
import { keyDiagnostics, type ListedDiagnostic } from './diagnostic-list.ts';
import { useAppStore, type AppState } from './store.ts';

/**
 * Renders a format elsewhere than on this thread (the Jinja format: in its worker, see
 * app/jinja/off-page.ts, installed at boot): returns the render, or a pending placeholder until
 * it arrives, then calls `forgetRender` and wakes the store. Undefined for the formats it does
 * not take. Without it (unit tests) every format renders here.
 */
export type OffPageRender = (formatId: string, record: ParleyRecord, options: OptionValues | undefined) => Rendered | undefined;

let offPage: OffPageRender | undefined;

export function renderOffPage(render: OffPageRender | undefined): void {
  offPage = render;
  last = undefined;
}

let last: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; rendered: Rendered } | undefined;

/**
 * The format's render of the current record, as the format returns it. Its diagnostics are one
 * source of `diagnosticsState`; read that list, not these, to show problems.
 */
export function renderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>): Rendered {
  const options = state.formatOptions[state.formatId];
  if (last && last.record === state.record && last.formatId === state.formatId && last.options === options) return last.rendered;
  const format = findFormat(state.formatId);
  const rendered: Rendered = format
    ? (offPage?.(state.formatId, state.record, options) ?? format.render(state.record, options))
    : { text: '', spans: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${state.formatId}".` }] };
  last = { record: state.record, formatId: state.formatId, options, rendered };
  return rendered;
}

/**
 * Forgets the memoised render, so that the next read renders again although no input changed:
 * for a format whose renderer arrived since (Format.prepare).
 */
export function forgetRender(): void {
  last = undefined;
}

/** The current render, for components. Re-renders the caller only when the render changes. */
export function useRendered(): Rendered {
  return useAppStore(renderState);
}

let lastValidation: { record: ParleyRecord; diagnostics: Diagnostic[] } | undefined;

/** `validateRecord` of the current record alone: what the form fields show when a render throws (diagnostics-index.ts). */
export function validationState(state: Pick<AppState, 'record'>): Diagnostic[] {
  if (lastValidation?.record !== state.record) lastValidation = { record: state.record, diagnostics: validateRecord(state.record) };
  return lastValidation.diagnostics;
}

type DiagnosticsInputs = Pick<AppState, 'record' | 'importDiagnostics'> & ProfileInputs;

let lastList: { record: ParleyRecord; imported: readonly Diagnostic[]; profile: CheckProfile; format: readonly Diagnostic[]; list: readonly ListedDiagnostic[] } | undefined;


/**
 * Every diagnostic of the current state, each problem once: core's `checkRecord` of the record
 * with the last open's decode warnings as the reader's, and the preview's render diagnostics
 * (not rendered twice). The same array for as long as its inputs are the same.
 */
export function diagnosticsState(state: DiagnosticsInputs): readonly ListedDiagnostic[] {
  const imported = state.importDiagnostics;
  const rendered = renderState(state);
  const format = rendered.diagnostics;
  // Every selector of every field reads this on every store change: compare the profile's parts
  // by identity (the store never mutates them), not by value.
  const profile = profileOf(state);
  const same = lastList && lastList.record === state.record && lastList.imported === imported && lastList.format === format && lastList.profile.formatId === profile.formatId && lastList.profile.formatOptions === profile.formatOptions && lastList.profile.rules === profile.rules;
  if (same && lastList) return lastList.list;
  const list = keyDiagnostics(checkRecord({ record: state.record, readerDiagnostics: imported }, profile, { formatDiagnostics: format, renderText: rendered.text }).diagnostics);
  lastList = { record: state.record, imported, profile, format, list };
  return list;
}

/** The one list of diagnostics, for components. */
export function useDiagnostics(): readonly ListedDiagnostic[] {
  return useAppStore(diagnosticsState);
}
