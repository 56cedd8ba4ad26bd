/**
 * Where the dataset's saving is shown: its status ("Edits saved", "Save failed: …") and, when
 * the opened file changed since work on it was saved, a banner offering to discard that work.
 */
import { toolbarButton } from '../../layout/ui.ts';
import { discardChangedWork } from './dataset-persistence.ts';
import { datasetPersistenceStore, useDatasetPersistence } from './persistence-state.ts';

export function DatasetSaveStatus() {
  const status = useDatasetPersistence((state) => state.status);
  if (!status) return null;
  const text =
    status.state === 'saved'
      ? 'Edits saved in this browser'
      : status.state === 'unsaved'
        ? 'Saving edits…'
        : status.state === 'restoring'
          ? 'Looking for saved edits…'
          : status.state === 'failed'
            ? `Edits not saved: ${status.message}`
            : status.message;
  const tone = status.state === 'failed' || status.state === 'unavailable' ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300';
  return (
    <p role="status" aria-live="off" aria-label="Dataset save status" className={`max-w-md truncate text-sm ${tone}`} title={text}>
      {text}
    </p>
  );
}

const warning = 'flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50';

export function ChangedFileBanner() {
  const changed = useDatasetPersistence((state) => state.changed);
  if (!changed) return null;
  return (
    <section aria-label="Saved edits of a changed file" className={warning}>
      <p className="min-w-0 flex-1">{changed.message}</p>
      <button type="button" className={toolbarButton} onClick={() => void discardChangedWork()}>
        Discard the old edits
      </button>
      <button type="button" className={toolbarButton} onClick={() => datasetPersistenceStore.setState({ changed: null })}>
        Keep them for now
      </button>
    </section>
  );
}
