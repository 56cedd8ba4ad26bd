/**
 * What is computed from the store: the render of the current record, its checks and the one
 * list of diagnostics. Derived, never stored: each is memoised on the store values it reads
 * (single-entry memos), so a keystroke computes each once however many subscribers read it
 * (preview, diagnostics panel, form fields, test API).
 */
import { checkRecord, findFormat, SEVERITY_RANK, validateRecord, type BranchName, type CheckedDiagnostic, type CheckHow, type CheckProfile, type Conversation, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { TOKEN_CODES } from '../../core/tokens/index.ts';
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
export type OffPageRender = (formatId: string, record: ParleyRecord, options: OptionValues | undefined, role?: OffPageRole) => Rendered | undefined;

/**
 * Which render is asked for: the preview's (the record, or a training record's first branch) or
 * the other branch of a preference record (the Branches view): each has its own worker, so that
 * the two do not take turns and render again and again.
 */
export type OffPageRole = 'preview' | 'branch';

let offPage: OffPageRender | undefined;

export function renderOffPage(render: OffPageRender | undefined): void {
  offPage = render;
  forgetRender();
}

let last: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; rendered: Rendered } | undefined;

/** The format's render of `record` (in its worker when the format renders there). */
function renderWith(formatId: string, record: ParleyRecord, options: OptionValues | undefined, role: OffPageRole): Rendered {
  const format = findFormat(formatId);
  if (!format) return { text: '', spans: [], diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${formatId}".` }] };
  return offPage?.(formatId, record, options, role) ?? format.render(record, options);
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
  const rendered = branch === undefined ? renderWith(state.formatId, state.record, options, 'preview') : branchEntry(state, branch, 'preview').rendered;
  last = { record: state.record, formatId: state.formatId, options, rendered };
  return rendered;
}

interface BranchEntry {
  record: ParleyRecord;
  formatId: string;
  options: OptionValues | undefined;
  /** The render of the branch conversation, at its own paths (what checkRecord compares with). */
  raw: Rendered;
  /** The same at the record's paths (what the views show). */
  rendered: Rendered;
}

/** One memo per branch name (a preference record shows chosen and rejected at once). */
const lastBranches = new Map<BranchName, BranchEntry>();

function branchEntry(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>, name: BranchName, role: OffPageRole): BranchEntry {
  const options = state.formatOptions[state.formatId];
  const kept = lastBranches.get(name);
  if (kept && kept.record === state.record && kept.formatId === state.formatId && kept.options === options) return kept;
  const record = state.record as Conversation;
  const raw = renderWith(state.formatId, branchOf(record, name), options, role);
  const entry = { record: state.record, formatId: state.formatId, options, raw, rendered: inRecordRender(record, name, raw) };
  lastBranches.set(name, entry);
  return entry;
}

/**
 * The render of branch `name` of the current training record (the prompt, then that branch),
 * at the record's paths: the Branches view's previews. The Text view's branch is `renderState`'s.
 */
export function branchRenderState(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>, name: BranchName): Rendered {
  return shownBranches(state.record)[0] === name ? renderState(state) : branchEntry(state, name, 'branch').rendered;
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

/**
 * The token figures of a record, for the token rules (maxTokens, minTrainedShare): counted with
 * the tokenizer the dataset's rows are judged with (the lengths pass's, in its worker), or why
 * they could not be (the tokenizer has no id for part of the render).
 */
export interface RecordTokenFigures {
  tokens?: number;
  trained?: number;
  tokenError?: string;
}

/**
 * The figures for the record in the editors, or undefined when there are none (no dataset, no
 * token rule, no tokenizer, not measured yet). Installed by dataset/lengths/open-record-tokens.ts,
 * which wakes the store when they change; it returns the same object while they do not.
 */
export type RecordTokensSource = (record: ParleyRecord) => RecordTokenFigures | undefined;

let recordTokens: RecordTokensSource | undefined;

/** Installs (or, undefined, removes) where the token rules' figures of the current record come from. */
export function recordTokensFrom(source: RecordTokensSource | undefined): void {
  recordTokens = source;
  lastList = undefined;
}

let lastList: { record: ParleyRecord; imported: readonly Diagnostic[]; profile: CheckProfile; format: readonly Diagnostic[]; figures: RecordTokenFigures | undefined; list: readonly ListedDiagnostic[] } | undefined;


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
  const figures = profile.rules ? recordTokens?.(state.record) : undefined;
  const same =
    lastList &&
    lastList.record === state.record &&
    lastList.imported === imported &&
    lastList.format === format &&
    lastList.figures === figures &&
    lastList.profile.formatId === profile.formatId &&
    lastList.profile.formatOptions === profile.formatOptions &&
    lastList.profile.rules === profile.rules;
  if (same && lastList) return lastList.list;
  const branches = shownBranches(state.record);
  const how: CheckHow = branches.length === 0 ? { formatDiagnostics: format, renderText: rendered.text } : { branchRenders: branchRendersOf(state, branches) };
  if (figures?.tokens !== undefined && figures.tokenError === undefined) how.tokens = { tokens: figures.tokens, trained: figures.trained ?? 0 };
  const checked = withTokenError(checkRecord({ record: state.record, readerDiagnostics: imported }, profile, how).diagnostics, figures?.tokenError);
  const list = keyDiagnostics(checked);
  lastList = { record: state.record, imported, profile, format, figures, list };
  return list;
}

/**
 * A render the tokenizer cannot read (no id for part of it): an error on the record, the token
 * rules left out, placed after the other errors, as `parley validate --rules --tokenizer` and
 * the dataset's rows (lengths-logic.ts) say it.
 */
function withTokenError(list: CheckedDiagnostic[], tokenError: string | undefined): CheckedDiagnostic[] {
  if (tokenError === undefined) return list;
  const at = list.findIndex((d) => SEVERITY_RANK[d.severity] > SEVERITY_RANK.error);
  const problem: CheckedDiagnostic = { severity: 'error', code: TOKEN_CODES.noId, message: tokenError, source: 'rules' };
  return [...list.slice(0, at === -1 ? list.length : at), problem, ...list.slice(at === -1 ? list.length : at)];
}

/**
 * The branches' renders the views already made, for core's check of a training record: core
 * would render each branch again, and a Jinja template here on the page, out of its worker's
 * step budget.
 */
function branchRendersOf(state: DiagnosticsInputs, branches: readonly BranchName[]): NonNullable<CheckHow['branchRenders']> {
  return Object.fromEntries(
    branches.map((name, i) => {
      const { raw } = branchEntry(state, name, i === 0 ? 'preview' : 'branch');
      return [name, { diagnostics: raw.diagnostics, text: raw.text }];
    }),
  );
}

/** The one list of diagnostics, for components. */
export function useDiagnostics(): readonly ListedDiagnostic[] {
  return useAppStore(diagnosticsState);
}
