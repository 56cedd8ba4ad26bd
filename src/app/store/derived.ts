/**
 * What is computed from the store: the render of the current record, its checks and the one
 * list of diagnostics. Derived, never stored: each is memoised on the store values it reads
 * (single-entry memos), so a keystroke computes each once however many subscribers read it
 * (preview, diagnostics panel, form fields, test API).
 */
import { checkRecord, findFormat, validateRecord, type BranchName, type CheckProfile, type Conversation, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { branchOf, inRecordRender, shownBranches } from './branch-view.ts';
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
  forgetRender();
}

let last: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; rendered: Rendered } | undefined;

/** The format's render of `record` (in its worker when `offPageToo` and the format renders there). */
function renderWith(formatId: string, record: ParleyRecord, options: OptionValues | undefined, offPageToo: boolean): Rendered {
  const format = findFormat(formatId);
  if (!format) return { text: '', spans: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${formatId}".` }] };
  return (offPageToo ? offPage?.(formatId, record, options) : undefined) ?? format.render(record, options);
}

/**
 * The format's render of the current record, as the format returns it. Its diagnostics are one
 * source of `diagnosticsState`; read that list, not these, to show problems. A training record
 * renders as its first shown branch (branch-view.ts: the prompt, then the chosen completion or
 * the one completion), at the record's paths.
 */
export function renderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>): Rendered {
  const options = state.formatOptions[state.formatId];
  if (last && last.record === state.record && last.formatId === state.formatId && last.options === options) return last.rendered;
  const branch = shownBranches(state.record)[0];
  const rendered = branch === undefined ? renderWith(state.formatId, state.record, options, true) : branchEntry(state, branch, true).rendered;
  last = { record: state.record, formatId: state.formatId, options, rendered };
  return rendered;
}

interface BranchEntry {
  record: ParleyRecord;
  formatId: string;
  options: OptionValues | undefined;
  /** The same at the record's paths (what the views show). */
  rendered: Rendered;
}

/** One memo per branch name (a preference record shows chosen and rejected at once). */
const lastBranches = new Map<BranchName, BranchEntry>();

function branchEntry(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>, name: BranchName, offPageToo: boolean): BranchEntry {
  const options = state.formatOptions[state.formatId];
  const kept = lastBranches.get(name);
  if (kept && kept.record === state.record && kept.formatId === state.formatId && kept.options === options) return kept;
  const record = state.record as Conversation;
  // Only the Text view's branch renders in the Jinja worker (it holds one render at a time);
  // the other renders here (docs/app.md, 'Training records').
  const raw = renderWith(state.formatId, branchOf(record, name), options, offPageToo);
  const entry = { record: state.record, formatId: state.formatId, options, rendered: inRecordRender(record, name, raw) };
  lastBranches.set(name, entry);
  return entry;
}

/**
 * The render of branch `name` of the current training record (the prompt, then that branch),
 * at the record's paths: the Branches view's previews. The Text view's branch is `renderState`'s.
 */
export function branchRenderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>, name: BranchName): Rendered {
  return shownBranches(state.record)[0] === name ? renderState(state) : branchEntry(state, name, false).rendered;
}

/**
 * Forgets the memoised render, so that the next read renders again although no input changed:
 * for a format whose renderer arrived since (Format.prepare).
 */
export function forgetRender(): void {
  last = undefined;
  lastBranches.clear();
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
  // A training record: core's checkRecord checks each branch as the conversation it renders as and
  // names the branch in each path; the preview's render is one branch, so it is not passed.
  const how = shownBranches(state.record).length === 0 ? { formatDiagnostics: format, renderText: rendered.text } : {};
  const list = keyDiagnostics(checkRecord({ record: state.record, readerDiagnostics: imported }, profile, how).diagnostics);
  lastList = { record: state.record, imported, profile, format, list };
  return list;
}

/** The one list of diagnostics, for components. */
export function useDiagnostics(): readonly ListedDiagnostic[] {
  return useAppStore(diagnosticsState);
}
