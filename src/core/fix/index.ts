/** Fixes carried by diagnostics: applying them to records (see model/fix.ts for what a fix is). */
export { applyFix, applyFixes, countFixable, fixesOfKind, fixRecord, tallyFixes, type AppliedFix, type ApplyFixesOptions, type Diagnose } from './apply.ts';
export { diagnoseFor, type FixTarget } from './check.ts';
export { jsonEqual } from './edit.ts';
