/**
 * The checks whose fixes the app offers, as plain data that crosses to the dataset worker: the
 * check profile (check-profile.ts: the format shown, its options, the dataset's rules). The Fix
 * buttons of the record in the editors and "Fix all of this kind" across a dataset both diagnose
 * with `diagnoseForView`, which is core's `checkRecord`: the worker's count is the one the person
 * would see record by record. Core only (no store, no React): the worker loads it.
 */
import { checkRecord, withoutSource, type CheckProfile, type Diagnose } from '../../core/index.ts';
import { profileOf } from './check-profile.ts';

/** What the fixes are checked against: the app's check profile. */
export type FixView = CheckProfile;

/** The profile of the store's current format and rules. */
export const fixViewOf = profileOf;

/**
 * Formats whose render's diagnostics never carry a fix: a recheck that renders them finds
 * nothing more to fix. The Jinja format's render runs a person's template (a program that can
 * loop for hours: issue 20), here on the page or in the dataset worker, so it is left out.
 */
const RENDERS_WITHOUT_FIXES: ReadonlySet<string> = new Set(['jinja']);

/** checkRecord with the view's profile (the decode warnings carry no fixes: not given). */
export function diagnoseForView(view: FixView): Diagnose {
  const how = RENDERS_WITHOUT_FIXES.has(view.formatId) ? { formatDiagnostics: [] } : {};
  return (record) => withoutSource(checkRecord({ record }, view, how).diagnostics);
}
