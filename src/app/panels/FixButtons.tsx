/**
 * The Fix and "Fix all N" buttons of a diagnostic that carries a fix (docs/fixes.md): Fix
 * applies this one; "Fix all N" applies every fix of the same kind in the record, N counted
 * before anything changes. In dataset mode, "Fix all of this kind" does so across the whole
 * dataset: counted in the worker, confirmed with the numbers, applied as one dataset-level step.
 * Each press is one undo step.
 */
import type { Diagnostic } from '../../core/index.ts';
import { applyAllOfKind, applyListedFix, fixAllInDataset, useAppStore } from '../store/index.ts';

const BUTTON =
  'shrink-0 rounded border border-emerald-600 px-2 text-xs font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-emerald-500 dark:text-emerald-100 dark:hover:bg-emerald-900/40';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 'es'}`;
}

export function FixButtons({ diagnostic, listKey, kindCount, where }: { diagnostic: Diagnostic; listKey: string; kindCount: number; where?: string }) {
  const inDataset = useAppStore((state) => state.dataset !== null);
  const busy = useAppStore((state) => state.datasetTask !== null);
  const fix = diagnostic.fix;
  if (fix === undefined) return null;
  const place = where ? ` at ${where}` : '';
  return (
    <>
      <button
        type="button"
        title={fix.label}
        aria-label={`Fix${place}: ${fix.label}`}
        className={BUTTON}
        onClick={() => {
          if (!applyListedFix(listKey)) useAppStore.getState().showNotice({ tone: 'error', title: `The fix "${fix.label}" no longer applies: the record changed. The list shows what is wrong now.` });
        }}
      >
        Fix
      </button>
      {inDataset && (
        <button
          type="button"
          title={`${fix.label}: in every record of the dataset (counted first, then asked)`}
          aria-label={`Fix all of this kind in the dataset: ${fix.label}`}
          className={BUTTON}
          disabled={busy}
          onClick={() => void fixAllInDataset(fix.id, fix.label)}
        >
          Fix all in dataset…
        </button>
      )}
      {!inDataset && kindCount > 1 && (
        <button
          type="button"
          title={`${fix.label}: all ${kindCount} in this record`}
          aria-label={`Fix all ${kindCount} of this kind: ${fix.label}`}
          className={BUTTON}
          onClick={() => {
            const applied = applyAllOfKind(fix.id);
            useAppStore.getState().showNotice(
              applied.length > 0 ? { tone: 'success', title: `Applied ${plural(applied.length, 'fix')}: ${fix.label}. Undo reverts them together.` } : { tone: 'error', title: `No fix "${fix.label}" applies any more.` },
            );
          }}
        >
          Fix all {kindCount}
        </button>
      )}
    </>
  );
}
