/**
 * Dataset mode's left-side panel: the opening progress and a running task's (start-up code, shown at once) above the
 * panel's body (a lazy chunk: list, review, export). Rendered only while a dataset is open or opening.
 */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../layout/ErrorBoundary.tsx';
import { useAppStore } from '../store/index.ts';
import { DatasetProgressBar, DatasetTaskBar } from './DatasetProgressBar.tsx';

const DatasetPanel = lazy(() => import('./DatasetPanel.tsx'));

export function DatasetSide() {
  const progress = useAppStore((state) => state.datasetProgress);
  const open = useAppStore((state) => state.dataset !== null);
  const task = useAppStore((state) => state.datasetTask);
  return (
    <aside aria-label="Dataset" className="flex w-96 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      {progress && <DatasetProgressBar progress={progress} />}
      {task && <DatasetTaskBar task={task} />}
      {open && (
        <ErrorBoundary area="the dataset panel">
          <Suspense fallback={null}>
            <DatasetPanel />
          </Suspense>
        </ErrorBoundary>
      )}
    </aside>
  );
}
