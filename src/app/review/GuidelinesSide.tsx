/**
 * The guidelines beside the dataset: a side panel on the right of the editors while guidelines
 * are open (guidelines.ts). The Markdown renderer and sanitizer load with the panel (a chunk of
 * their own): a session without guidelines never downloads them.
 */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../layout/ErrorBoundary.tsx';
import { guidelinesStore } from './guidelines-store.ts';

const GuidelinesPanel = lazy(() => import('./GuidelinesPanel.tsx'));

export function GuidelinesSide() {
  const open = guidelinesStore((state) => state.guidelines !== null);
  if (!open) return null;
  return (
    <aside aria-label="Guidelines" className="flex w-80 shrink-0 flex-col overflow-y-auto border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <ErrorBoundary area="the guidelines">
        <Suspense fallback={<p className="p-3 text-sm">Loading…</p>}>
          <GuidelinesPanel />
        </Suspense>
      </ErrorBoundary>
    </aside>
  );
}
