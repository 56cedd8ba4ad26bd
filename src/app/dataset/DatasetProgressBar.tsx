/**
 * Opening a dataset: how far the worker is (bytes indexed, then records checked), with Cancel.
 * Start-up code (tiny, no dataset code): it is on screen the moment a file starts opening.
 */
import { formatBytes } from '../files/limits.ts';
import { mutedText, toolbarButton } from '../layout/ui.ts';
import type { DatasetProgress } from '../store/index.ts';

export function DatasetProgressBar({ progress }: { progress: DatasetProgress }) {
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const label =
    progress.phase === 'indexing'
      ? `Reading ${progress.name}: ${formatBytes(progress.done)} of ${formatBytes(progress.total)}`
      : `Checking records: ${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')}`;
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex items-center gap-2">
        <span className={`min-w-0 flex-1 truncate text-xs ${mutedText}`} id="dataset-progress-label">
          {label}
        </span>
        <button type="button" className={toolbarButton} onClick={progress.cancel} title={progress.phase === 'indexing' ? 'Stop opening this file' : 'Stop checking the records (the file stays open)'}>
          Cancel
        </button>
      </div>
      <div role="progressbar" aria-labelledby="dataset-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} className="h-1.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className="h-full bg-sky-600 transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
