/**
 * The dataset's review tools in one block for the dataset panel: search and replace, the review
 * file's unmatched entries (when any), filters,
 * the validation summary (folded), and "Compare with original", which opens the diff of the
 * current record (its own lazy chunk: Monaco's diff editor). Keeps the list's view order in step
 * with the search and the filters while it is mounted.
 */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../layout/Dialog.tsx';
import { compactButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { UnmatchedEntries } from '../../review/UnmatchedEntries.tsx';
import { FilterBar } from '../filters/FilterBar.tsx';
import { RulesPanel } from '../rules/RulesPanel.tsx';
import { useViewOrderSync } from '../filters/useViewOrderSync.ts';
import { SearchBar } from '../search/SearchBar.tsx';
import { useSearchState } from '../search/search-store.ts';
import { ValidationSummary } from '../summary/ValidationSummary.tsx';

const RecordDiff = lazy(() => import('../diff/RecordDiff.tsx'));
const LengthsPanel = lazy(() => import('../lengths/LengthsPanel.tsx'));
const RegressionPanel = lazy(() => import('../regression/RegressionPanel.tsx'));

/** A folded panel is one name in the row; open, it takes the row's whole width (and comes first). */
const panel = 'open:order-first open:basis-full [&>summary]:whitespace-nowrap';

export default function DatasetReviewTools() {
  useViewOrderSync();
  const [comparing, setComparing] = useState(false);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [lengthsOpen, setLengthsOpen] = useState(false);
  const [regressionOpen, setRegressionOpen] = useState(false);
  const filtersOn = useSearchState((s) => Object.values(s.filter).filter((value) => value !== undefined).length);
  const current = useAppStore((s) => s.currentRecord);
  const line = useAppStore((s) => (s.currentRecord === null ? undefined : s.datasetRows[s.currentRecord]?.line));

  return (
    // At most about half the panel's height, scrolled, and the first to give way when the panel is
    // short: the record list below keeps its MIN_ROWS_IN_VIEW rows (RecordList.tsx). min-h-28:
    // still room for a row and a half of tools to scroll to when the window is very low.
    <div className="flex max-h-[45%] min-h-28 shrink flex-col gap-1.5 overflow-y-auto border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
      <SearchBar />
      <RulesPanel />
      {/* The panels, folded to one row of names; an open one takes the whole width below them. */}
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1.5">
      <UnmatchedEntries className={panel} />
      <details className={panel}>
        <summary className="cursor-pointer text-sm font-medium">
          Filters{filtersOn > 0 ? ` (${filtersOn} on)` : ''}
        </summary>
        <div className="pt-1.5">
          <FilterBar />
        </div>
      </details>
      <details className={panel} onToggle={(event) => setSummaryOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">Validation summary</summary>
        {/* Counted only while shown: it goes through every row each time rows change. */}
        {summaryOpen && <ValidationSummary />}
      </details>
      <details className={panel} onToggle={(event) => setLengthsOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">Lengths and tokens</summary>
        {/* Opening it starts the lengths pass (lengths/): nothing is tokenized before. */}
        {lengthsOpen && (
          <Suspense fallback={<p className="text-sm">Loading…</p>}>
            <LengthsPanel />
          </Suspense>
        )}
      </details>
      <details className={panel} onToggle={(event) => setRegressionOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">Template regression</summary>
        {/* Nothing runs until Run: each record is rendered twice. */}
        {regressionOpen && (
          <Suspense fallback={<p className="text-sm">Loading…</p>}>
            <RegressionPanel />
          </Suspense>
        )}
      </details>
      <button type="button" className={compactButton} disabled={current === null} onClick={() => setComparing(true)}>
        Compare with original
      </button>
      </div>
      <Dialog open={comparing} onClose={() => setComparing(false)} title={line === undefined ? 'Compare with original' : `Record at line ${line}: changes from the original`} width="max-w-6xl">
        <Suspense fallback={<p className="p-3 text-sm">Loading…</p>}>
          <RecordDiff />
        </Suspense>
      </Dialog>
    </div>
  );
}
