/**
 * Applying the fixes that diagnostics carry (model/fix.ts): one fix, every fix of a record (or
 * of one kind), and the counting and per-record step that "fix all of this kind" across a
 * dataset is built from. Pure: records in, records out, the input never changed.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { Fix } from '../model/fix.ts';
import type { FieldPath } from '../model/path.ts';
import { checkRecordShape } from '../model/schema.ts';
import type { ParleyRecord } from '../model/types.ts';
import { applyEdit } from './edit.ts';

/**
 * The record with `fix` applied, or undefined when the fix no longer applies (one of its tests
 * fails, its target is gone) or would leave something that is not a record.
 */
export function applyFix(record: ParleyRecord, fix: Fix): ParleyRecord | undefined {
  const next = applyEdit(record, fix.edit);
  if (next === undefined) return undefined;
  // A fix is written against the model; the shape check makes a wrong one fail here, not in a renderer.
  return checkRecordShape(next).ok ? (next as ParleyRecord) : undefined;
}

/** One fix that was applied, for the command's report and the app's status line. */
export interface AppliedFix {
  id: string;
  label: string;
  /** The code and path of the diagnostic that carried it. */
  code: string;
  path?: FieldPath;
}

export interface ApplyFixesOptions {
  /** Apply only fixes with this id ("fix all of this kind"). */
  only?: string;
  /**
   * The diagnostics of a record, to check again after each round: a fix skipped because an
   * earlier one moved its target is found again at its new place, and a repair that reveals
   * the next problem (a tool unwrapped, now without a description) gets that problem's fix.
   * Without it, only the fixes of `diagnostics` are tried, once each.
   */
  recheck?: (record: ParleyRecord) => readonly Diagnostic[];
}

/** Rounds of check-and-fix before giving up: each applies at least one fix, so a fix that undid another would stop here. */
const MAX_ROUNDS = 8;

/** Later places first: a fix that removes or inserts an array element then never moves the target of one still to come. */
function laterFirst(a: Diagnostic, b: Diagnostic): number {
  const x = a.path ?? [];
  const y = b.path ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string | number;
    const q = y[i] as string | number;
    if (p === q) continue;
    if (typeof p === 'number' && typeof q === 'number') return q - p;
    return String(p) < String(q) ? 1 : -1;
  }
  return y.length - x.length;
}

function fixKey(fix: Fix): string {
  return `${fix.id}\u0000${JSON.stringify(fix.edit)}`;
}

/**
 * Every fix of `diagnostics` (or of one id) applied in turn, later places first, each to the
 * record the previous one left. A fix whose tests no longer hold is skipped, never forced; with
 * `recheck`, the record is checked again and the new fixes applied, until a round applies none.
 */
export function applyFixes(record: ParleyRecord, diagnostics: readonly Diagnostic[], options: ApplyFixesOptions = {}): { record: ParleyRecord; applied: AppliedFix[] } {
  const applied: AppliedFix[] = [];
  let current = record;
  let list = diagnostics;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const tried = new Set<string>();
    let changed = false;
    const candidates = list.filter((d) => d.fix !== undefined && (options.only === undefined || d.fix.id === options.only)).sort(laterFirst);
    for (const diagnostic of candidates) {
      const fix = diagnostic.fix as Fix;
      // The same problem may be reported twice (a format and the validator): one repair.
      const key = fixKey(fix);
      if (tried.has(key)) continue;
      tried.add(key);
      const next = applyFix(current, fix);
      if (next === undefined) continue;
      current = next;
      changed = true;
      applied.push(diagnostic.path === undefined ? { id: fix.id, label: fix.label, code: diagnostic.code } : { id: fix.id, label: fix.label, code: diagnostic.code, path: diagnostic.path });
    }
    if (!changed || options.recheck === undefined) break;
    list = options.recheck(current);
  }
  return { record: current, applied };
}

/** The fixes of `diagnostics` with this id (each problem once): the N of "Fix all N of this kind". */
export function fixesOfKind(diagnostics: readonly Diagnostic[], fixId: string): Fix[] {
  const seen = new Set<string>();
  const out: Fix[] = [];
  for (const diagnostic of diagnostics) {
    const fix = diagnostic.fix;
    if (fix === undefined || fix.id !== fixId) continue;
    const key = fixKey(fix);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(fix);
  }
  return out;
}

/** A record's diagnostics, as the caller checks them (see check.ts for the usual way). */
export type Diagnose = (record: ParleyRecord) => readonly Diagnostic[];

/**
 * How many records of `records` have a fix of this id, and how many such fixes they have in
 * all: what "Fix all N of this kind" across a dataset shows before it is applied.
 */
export function countFixable(records: Iterable<ParleyRecord>, fixId: string, diagnose: Diagnose): { records: number; fixes: number } {
  let withFix = 0;
  let fixes = 0;
  for (const record of records) {
    const n = fixesOfKind(diagnose(record), fixId).length;
    if (n > 0) {
      withFix += 1;
      fixes += n;
    }
  }
  return { records: withFix, fixes };
}

/** Every fix of one id applied to one record, checked again after each round (the per-record step of "fix all" across a dataset). */
export function fixRecord(record: ParleyRecord, fixId: string, diagnose: Diagnose): { record: ParleyRecord; applied: AppliedFix[] } {
  return applyFixes(record, diagnose(record), { only: fixId, recheck: diagnose });
}

/** Per fix id, how many were applied and under which label (the summary of `--fix`). */
export function tallyFixes(applied: readonly AppliedFix[]): Map<string, { label: string; count: number }> {
  const tally = new Map<string, { label: string; count: number }>();
  for (const fix of applied) {
    const entry = tally.get(fix.id);
    if (entry) entry.count += 1;
    else tally.set(fix.id, { label: fix.label, count: 1 });
  }
  return tally;
}
