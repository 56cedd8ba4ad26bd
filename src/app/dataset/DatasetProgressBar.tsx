/**
 * Progress of a dataset operation with Cancel: opening (bytes indexed, then records checked) and
 * a long task on the open dataset (counting or applying a fix across it). Start-up code (tiny,
 * no dataset code): it is on screen the moment a file starts opening.
 */
import { formatBytes } from '../files/limits.ts';
import { mutedText, toolbarButton } from '../layout/ui.ts';
import type { DatasetProgress, DatasetTask } from '../store/index.ts';

function ProgressRow({ id, label, done, total, cancel, cancelTitle }: { id: string; label: string; done: number; total: number; cancel: () => void; cancelTitle: string }) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex items-center gap-2">
        <span className={`min-w-0 flex-1 truncate text-xs ${mutedText}`} id={id}>
          {label}
        </span>
        <button type="button" className={toolbarButton} onClick={cancel} title={cancelTitle}>
          Cancel
        </button>
      </div>
      <div role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} className="h-1.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
        <div className="h-full bg-sky-600 transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

export function DatasetProgressBar({ progress }: { progress: DatasetProgress }) {
  const count = (n: number) => n.toLocaleString('en');
  const label =
    progress.phase === 'indexing'
      ? `Reading ${progress.name}: ${formatBytes(progress.done)} of ${formatBytes(progress.total)}`
      : progress.phase === 'rows'
        ? `Reading rows of ${progress.name}: ${count(progress.done)} of ${count(progress.total)}`
        : `Checking records: ${count(progress.done)} of ${count(progress.total)}`;
  const cancelTitle =
    progress.phase === 'indexing'
      ? 'Stop opening this file'
      : progress.phase === 'rows'
        ? 'Stop reading rows (the rows read stay open; checks, search and export need every row)'
        : 'Stop checking the records (the file stays open)';
  return <ProgressRow id="dataset-progress-label" label={label} done={progress.done} total={progress.total} cancel={progress.cancel} cancelTitle={cancelTitle} />;
}

export function DatasetTaskBar({ task }: { task: DatasetTask }) {
  const label = `${task.label}: ${task.done.toLocaleString('en')} of ${task.total.toLocaleString('en')} records`;
  return <ProgressRow id="dataset-task-label" label={label} done={task.done} total={task.total} cancel={task.cancel} cancelTitle="Stop; nothing is changed" />;
}
