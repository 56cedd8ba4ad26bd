/**
 * The Fix buttons' actions: a diagnostic's fix (model/fix.ts) applied to the current record,
 * or every fix of one kind in it, each as one undo step. The fix is looked up in the current
 * list when the button is pressed, never taken from a row rendered earlier: the record may have
 * changed since, and core's guards would then (rightly) refuse the old edit.
 */
import { applyFix, applyFixes, diagnoseFor, findFormat, fixesOfKind, type AppliedFix, type Diagnose, type Diagnostic } from '../../core/index.ts';
import { diagnosticsState } from './derived.ts';
import { useAppStore, type AppState } from './store.ts';

/** The checks whose fixes the app offers: validateRecord and the current format's render (the decode warnings carry none). */
function diagnoseCurrent(state: AppState): Diagnose {
  const format = findFormat(state.formatId);
  return diagnoseFor(format ? { format, formatOptions: state.formatOptions[state.formatId] } : {});
}

/** Applies the fix of the listed diagnostic with this key (diagnostic-list.ts). False when it has none or it no longer applies. */
export function applyListedFix(key: string): boolean {
  const state = useAppStore.getState();
  const fix = diagnosticsState(state).find((d) => d.key === key)?.fix;
  if (fix === undefined) return false;
  const next = applyFix(state.record, fix);
  if (next === undefined) return false;
  state.applyRepair(next);
  return true;
}

/** How many fixes of this kind the list holds: the N of "Fix all N", shown before anything is applied. */
export function countOfKind(list: readonly Diagnostic[], fixId: string): number {
  return fixesOfKind(list, fixId).length;
}

/** Every fix of this kind in the current record, checked again after each round, as one undo step. */
export function applyAllOfKind(fixId: string): AppliedFix[] {
  const state = useAppStore.getState();
  const diagnose = diagnoseCurrent(state);
  const { record, applied } = applyFixes(state.record, diagnosticsState(state), { only: fixId, recheck: diagnose });
  if (applied.length > 0) state.applyRepair(record);
  return applied;
}
