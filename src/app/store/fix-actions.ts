/**
 * The Fix buttons' actions: a diagnostic's fix (model/fix.ts) applied to the current record,
 * or every fix of one kind in it, each as one undo step. The fix is looked up in the current
 * list when the button is pressed, never taken from a row rendered earlier: the record may have
 * changed since, and core's guards would then (rightly) refuse the old edit.
 */
import { applyFix, applyFixes, fixesOfKind, type AppliedFix, type Diagnose, type Diagnostic } from '../../core/index.ts';
import { diagnosticsState } from './derived.ts';
import { diagnoseForView, fixViewOf } from './fix-diagnose.ts';
import { useAppStore, type AppState } from './store.ts';

/** The checks whose fixes the app offers (fix-diagnose.ts; the dataset worker uses the same). */
function diagnoseCurrent(state: AppState): Diagnose {
  return diagnoseForView(fixViewOf(state));
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

function howMany(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * "Fix all of this kind" in dataset mode: count the records and places across the whole
 * dataset (in the worker, with progress and cancel), ask the person with those numbers, then
 * apply the fix to all of them as one dataset-level undo step. Every outcome is said in a notice.
 */
export async function fixAllInDataset(fixId: string, label: string, confirm: (question: string) => boolean = (question) => window.confirm(question)): Promise<void> {
  const store = useAppStore.getState;
  try {
    const counted = await store().fixAcrossDataset(fixId, 'count', label);
    if (counted === null) {
      store().showNotice({ tone: 'info', title: 'Counting was cancelled. Nothing was changed.' });
      return;
    }
    if (counted.records === 0) {
      store().showNotice({ tone: 'info', title: `No record of the dataset has the fix "${label}". Nothing was changed.` });
      return;
    }
    if (!confirm(`Fix ${howMany(counted.records, 'record')} (${howMany(counted.places, 'place')})?\n${label}.\nUndo reverts them together.`)) {
      store().showNotice({ tone: 'info', title: 'Nothing was changed.' });
      return;
    }
    const applied = await store().fixAcrossDataset(fixId, 'apply', label);
    if (applied === null) store().showNotice({ tone: 'info', title: 'Fixing was cancelled. Nothing was changed.' });
    else store().showNotice({ tone: 'success', title: `Fixed ${howMany(applied.records, 'record')} (${howMany(applied.places, 'place')}): ${label}. Undo reverts them together.` });
  } catch (thrown) {
    store().showNotice({ tone: 'error', title: `Fix all "${label}" failed: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
  }
}
