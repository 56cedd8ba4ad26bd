/**
 * Where the dataset's saving is shown: its status ("Edits saved", "Save failed: …"); when the
 * opened file changed since work on it was saved, a banner offering to discard that work; when
 * another tab saved work on the same file, a banner to keep this tab's or take the other's; and
 * the recovery copies such a choice left (download or discard them).
 */
import { downloadFile, today } from '../../layout/download-file.ts';
import { toolbarButton, warningBanner as warning } from '../../layout/ui.ts';
import { RecoveryCopyBanner } from '../../persistence/RecoveryCopyBanner.tsx';
import { useAppStore } from '../../store/index.ts';
import { discardChangedWork, discardKeptWork, keepDatasetWorkHere, takeOtherDatasetWork } from './dataset-persistence.ts';
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

export function DatasetConflictBanner() {
  const conflict = useDatasetPersistence((state) => state.conflict);
  if (!conflict) return null;
  return (
    <section aria-label="Another tab saved work on this file" className={warning}>
      <p className="min-w-0 flex-1">
        Another tab saved edits or review marks on this file after this tab opened it. This tab has stopped saving so that neither is lost: choose which work to keep. The other stays
        available as a recovery copy.
      </p>
      <button type="button" className={toolbarButton} onClick={() => void keepDatasetWorkHere()}>
        Keep this tab’s work
      </button>
      <button type="button" className={toolbarButton} onClick={() => void takeOtherDatasetWork()}>
        Take the other tab’s work
      </button>
    </section>
  );
}

export function KeptWorkBanner() {
  const kept = useDatasetPersistence((state) => state.kept);
  const conflict = useDatasetPersistence((state) => state.conflict);
  if (kept.length === 0 || conflict) return null;
  const download = () => {
    const fileName = `parley-dataset-recovery-copies-${today()}.json`;
    try {
      downloadFile(`${JSON.stringify(kept, null, 2)}\n`, fileName);
    } catch (thrown) {
      useAppStore.getState().showNotice({ tone: 'error', title: `The recovery copies could not be exported: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
    }
  };
  return (
    <RecoveryCopyBanner label="Recovery copy of dataset work" copies={kept} whatIsKept="recovery copies of work on this file" onDownload={download} onDiscard={() => void discardKeptWork()} />
  );
}
