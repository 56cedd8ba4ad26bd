/**
 * `--fix` of `parley convert` and `parley render`: the fixes that diagnostics carry
 * (docs/fixes.md) applied to each record before it is converted or rendered, each change named
 * on stderr (with the record's line for JSON Lines) and counted per kind at the end. Stdout
 * keeps the streaming contract (docs/pipelines.md): result lines only, and diagnostics in them
 * without their fix data.
 */
import { applyFixes, diagnoseFor, FORMATS, formatPath, type AppliedFix, type Diagnose, type Diagnostic, type InterchangeCodec, type OptionValues, type ParleyRecord, type Conversation, branchPath, branchRecord, checkedBranches, withBranch } from '../core/index.ts';
import type { Note } from './line-job.ts';

export const FIX_FLAG = { flag: '--fix', takesValue: false } as const;

export function fixHelp(before: string): string {
  return `  --fix                  apply the repairs that diagnostics carry (docs/fixes.md) before
                         ${before}; each change is listed on stderr, with a count
                         per kind at the end`;
}

/** What `convert --fix` repairs: the record's own checks, what the target dialect refuses, and what the format that renders from that dialect (Apertus for apertus-json) rejects. */
export function convertDiagnose(to: InterchangeCodec, encodeOptions: Partial<OptionValues>): Diagnose {
  // The format whose own reference renders the target dialect (Apertus JSON → apertus) adds the
  // template's checks. Not a Jinja template (its native dialect is OpenAI Chat): what it accepts
  // depends on which template, which convert is not given, so only the codec's checks count.
  const format = FORMATS.find((f) => f.nativeDialect === to.id && f.nativeKeepsUnknown !== true);
  return diagnoseFor({ codec: to, encodeOptions, ...(format ? { format } : {}) });
}

/** A record with every fix applied (checked again after each round), and a note per change. */
export function fixForCommand(record: ParleyRecord, diagnose: Diagnose): { record: ParleyRecord; notes: Note[] } {
  if (record.kind === 'chat' && checkedBranches(record).length > 0) return fixBranches(record, diagnose);
  const { record: fixed, applied } = applyFixes(record, diagnose(record), { recheck: diagnose });
  return { record: fixed, notes: applied.map((fix) => fixNote(fix)) };
}

/**
 * A training record's branches, each fixed as the conversation it renders as (the prompt then
 * the branch) and put back; a change is named at the record's path (`branches.rejected[0]…`).
 */
function fixBranches(record: Conversation, diagnose: Diagnose): { record: ParleyRecord; notes: Note[] } {
  let current = record;
  const notes: Note[] = [];
  for (const name of checkedBranches(record)) {
    const branch = branchRecord(current, name);
    const { record: fixed, applied } = applyFixes(branch, diagnose(branch), { recheck: diagnose });
    for (const fix of applied) notes.push(fixNote(fix, fix.path && branchPath(current, name, fix.path)));
    if (fixed.kind === 'chat') current = withBranch(current, name, fixed);
  }
  return { record: current, notes };
}

function fixNote(fix: AppliedFix, path = fix.path): Note {
  const where = path && path.length > 0 ? `${formatPath(path)}: ` : '';
  return { text: `FIXED ${where}${fix.label} (${fix.id})`, fix: { id: fix.id, label: fix.label } };
}

/** Per fix id, how many and under which label; filled from the notes as they are written. */
export type FixTally = Map<string, { label: string; count: number }>;

export function tallyNote(tally: FixTally, note: Note): void {
  if (note.fix === undefined) return;
  const entry = tally.get(note.fix.id);
  if (entry) entry.count += 1;
  else tally.set(note.fix.id, { label: note.fix.label, count: 1 });
}

/** The tally of one document's notes (single-document mode). */
export function tallyOf(notes: readonly Note[]): FixTally {
  const tally: FixTally = new Map();
  for (const note of notes) tallyNote(tally, note);
  return tally;
}

/** `convert --fix: 3 × Make it the system message (apertus/developer-to-system)`, one line per kind, most frequent first. */
export function fixSummary(command: string, tally: FixTally): string[] {
  const total = [...tally.values()].reduce((sum, entry) => sum + entry.count, 0);
  const lines = [`${command} --fix: ${total} fix${total === 1 ? '' : 'es'} applied`];
  for (const [id, { label, count }] of [...tally].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))) lines.push(`  ${count} × ${label} (${id})`);
  return lines;
}

/** Diagnostics as the result lines give them (docs/pipelines.md): severity, code, message, path; a fix is applied with --fix, not printed. */
export function withoutFixes(diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
  if (!diagnostics.some((d) => d.fix !== undefined)) return diagnostics;
  return diagnostics.map(({ fix: _fix, ...rest }) => rest);
}
