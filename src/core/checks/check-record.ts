/**
 * The one check of a record: the reader's diagnostics, the format-independent checks
 * (validateRecord), the structural checks for the format, the format's render and the team's
 * rules, combined into one list (list.ts). The editor's panel, the dataset worker, Fix all's
 * count, `parley validate`, `render` and `stats` all call it, so a record shows the same
 * problems wherever it is seen.
 */
import { findFormat } from '../formats/registry.ts';
import type { Format } from '../formats/types.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { BranchName, Conversation, ParleyRecord } from '../model/types.ts';
import { branchDiagnostics, branchRecord, checkedBranches } from '../model/branches.ts';
import type { OptionValues } from '../shared/options.ts';
import { validateRecord } from '../validate/index.ts';
import { combineDiagnostics, countBySeverity, type CheckedDiagnostic, type CheckSource } from './list.ts';
import type { CheckProfile } from './profile.ts';
import { checkRules, checkRulesOn, subjectOf, type RuleSubject, type TokenMeasure } from './rules/index.ts';
import { checkStructure, needsRenderText } from './structure.ts';

export interface CheckInput {
  record: ParleyRecord;
  /** What the dialect's reader said of the record (decodeRecord*, readJsonValue). */
  readerDiagnostics?: readonly Diagnostic[];
}

export interface CheckHow {
  /**
   * `true`: the record is checked once and dropped (the command, a pass over a dataset), so
   * validateRecord's per-message memo is skipped (ValidateHow.once).
   */
  once?: boolean;
  /** The format's render diagnostics, when the caller rendered the record already (the editor's preview): not rendered again. */
  formatDiagnostics?: readonly Diagnostic[];
  /**
   * The text of that render, given with `formatDiagnostics`: the structural checks of a format
   * without roles (Jinja) look for each message's content in it (structure.ts). Without it
   * that check is left out.
   */
  renderText?: string;
  /** The render's token figures, for the token rules (left out without them). */
  tokens?: TokenMeasure;
  /**
   * The format's clean check (core/clean-check) proved that the reader, validateRecord, the
   * structural checks and the render say nothing of this record: only the rules run. What
   * `parley validate --rules` does for the records the clean check passes.
   */
  provenClean?: boolean;
  /**
   * For a training record with branches: each branch's render the caller made already (the
   * editor's previews), used as `formatDiagnostics`/`renderText` of that branch's check instead
   * of rendering it again. A branch not given is rendered here.
   */
  branchRenders?: Readonly<Partial<Record<BranchName, { diagnostics: readonly Diagnostic[]; text?: string }>>>;
}

export interface RecordCheck {
  /** Each problem once, errors first, in document order (list.ts). */
  diagnostics: CheckedDiagnostic[];
  errors: number;
  warnings: number;
  /** The distinct codes, in the order of `diagnostics`. */
  codes: string[];
}

/** Only the render's diagnostics are used: the formats build neither spans nor text. */
const DIAGNOSTICS_ONLY = { spans: false, text: false } as const;
/** The render's diagnostics and text (the structural checks of a format without roles read it). */
const WITH_TEXT = { spans: false } as const;

interface FormatRender {
  diagnostics: readonly Diagnostic[];
  text?: string;
}

function renderFor(record: ParleyRecord, format: Format<OptionValues>, profile: CheckProfile, how: CheckHow): FormatRender {
  if (how.formatDiagnostics !== undefined) return { diagnostics: how.formatDiagnostics, ...(how.renderText !== undefined && { text: how.renderText }) };
  const withText = needsRenderText(format);
  const rendered = format.render(record, profile.formatOptions, withText ? WITH_TEXT : DIAGNOSTICS_ONLY);
  return withText ? { diagnostics: rendered.diagnostics, text: rendered.text } : { diagnostics: rendered.diagnostics };
}

export function checkRecord(input: CheckInput, profile: CheckProfile, how: CheckHow = {}): RecordCheck {
  const { record } = input;
  if (record.kind === 'chat' && checkedBranches(record).length > 0) return checkBranches(input, record, profile, how);
  if (how.provenClean === true) return checkProvenClean(subjectOf(record), profile, how.tokens);
  const format = findFormat(profile.formatId);
  const rendered: FormatRender = format ? renderFor(record, format, profile, how) : { diagnostics: [{ severity: 'error', code: 'unknown-format', message: `Unknown format "${profile.formatId}".` }] };
  const diagnostics = combineDiagnostics({
    reader: input.readerDiagnostics ?? [],
    record: validateRecord(record, { once: how.once === true }),
    structure: format ? checkStructure(record, format, rendered.text === undefined ? {} : { renderText: rendered.text }) : [],
    format: rendered.diagnostics,
    rules: profile.rules ? checkRules(record, profile.rules, how.tokens) : [],
  });
  return summed(diagnostics);
}

/**
 * A training record with branches: each branch checked as the conversation it renders as
 * (model/branches.ts), its diagnostics at the record's paths (`branches.chosen[0]…`), each
 * problem of the shared prompt once. A render or token figures the caller made for the record belong
 * to one conversation, not to the branches: not used here; each branch's own render is, when given
 * (`how.branchRenders`), else the branch is rendered.
 */
function checkBranches(input: CheckInput, record: Conversation, profile: CheckProfile, how: CheckHow): RecordCheck {
  const sources: Record<CheckSource, Diagnostic[]> = { reader: [...(input.readerDiagnostics ?? [])], record: [], structure: [], format: [], rules: [] };
  const branchHow: CheckHow = { ...(how.once !== undefined && { once: how.once }), ...(how.provenClean !== undefined && { provenClean: how.provenClean }) };
  for (const name of checkedBranches(record)) {
    const given = how.branchRenders?.[name];
    const checked = checkRecord({ record: branchRecord(record, name) }, profile, given ? { ...branchHow, formatDiagnostics: given.diagnostics, ...(given.text !== undefined && { renderText: given.text }) } : branchHow);
    for (const { source, ...diagnostic } of branchDiagnostics(record, name, checked.diagnostics)) sources[source].push(diagnostic);
  }
  return summed(combineDiagnostics(sources));
}

/**
 * The check of a record that the format's clean check proved clean (core/clean-check): the
 * reader, validateRecord, the structural checks and the render say nothing of it, so only the
 * rules can speak, and they read only the record's roles and texts (`subject`: the model's,
 * or those the clean check reads from the JSON without building the model). What
 * `parley validate --rules` writes for such a record.
 */
export function checkProvenClean(subject: RuleSubject, profile: CheckProfile, tokens?: TokenMeasure): RecordCheck {
  return summed(combineDiagnostics({ reader: [], record: [], structure: [], format: [], rules: profile.rules ? checkRulesOn(subject, profile.rules, tokens) : [] }));
}

function summed(diagnostics: CheckedDiagnostic[]): RecordCheck {
  const counts = countBySeverity(diagnostics);
  return { diagnostics, errors: counts.error, warnings: counts.warning, codes: [...new Set(diagnostics.map((d) => d.code))] };
}
