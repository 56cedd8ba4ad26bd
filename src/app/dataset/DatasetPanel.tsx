/**
 * The body of dataset mode's left-side panel (DatasetSide.tsx): the file, the review actions for
 * the current record (with their keys) and the record's comments and labels (folded on the same
 * row), export, the review tools and the record list; the review file's actions are entries of the File menu. A lazy chunk, not start-up code.
 */
import { formatBytes } from '../files/limits.ts';
import { compactButton, mutedText } from '../layout/ui.ts';
import { confirmLeaveDataset, listedIds, setLeaveDatasetQuestion, useAppStore } from '../store/index.ts';
import { DatasetExportMenu } from './DatasetExportMenu.tsx';
import { useGoToLineShortcut } from './go-to-line/GoToLineDialog.tsx';
import { DATASET_KEYS, goNext, goNextError, goPrevious, markDoneAndNext, nextProblemStore, toggleFlag, toggleVerdict, useNextIncludesWarnings } from './navigation.ts';
import { RecordReview } from '../review/RecordReview.tsx';
import { ReviewerDialog } from '../review/ReviewerDialog.tsx';
import { RecordList } from './RecordList.tsx';
import { ChangedFileBanner, DatasetConflictBanner, KeptWorkBanner } from './persistence/DatasetSaveStatus.tsx';
import { datasetPersistenceStore } from './persistence/persistence-state.ts';
import { DatasetSaveButton } from './save/DatasetSaveBar.tsx';
import { DatasetSaveStatus } from './persistence/DatasetSaveStatus.tsx';
import DatasetReadAs from './read-as/DatasetReadAs.tsx';
import { ParquetColumnChooser } from './parquet/ParquetColumnChooser.tsx';
import { recordPlace } from './parquet/where.ts';
import DatasetReviewTools from './review/DatasetReviewTools.tsx';
import { useDatasetShortcuts } from './useDatasetShortcuts.ts';

function ReviewButton({ label, keys, title, onClick, disabled }: { label: string; keys?: string; title: string; onClick: () => unknown; disabled?: boolean }) {
  return (
    <button type="button" className={compactButton} onClick={() => void onClick()} disabled={disabled} title={keys ? `${title} (${keys})` : title} aria-keyshortcuts={keys}>
      {label}
    </button>
  );
}

/** What Close asks: the changes stay in this browser when they are saved there (persistence), else they are lost. */
function closeQuestion(): string {
  const status = datasetPersistenceStore.getState().status;
  return status?.state === 'saved' || status?.state === 'unsaved'
    ? 'Close the dataset? Your changes stay saved in this browser and come back when you open the same file again; Save or export to write them into a file.'
    : 'Close the dataset? Changes you have not saved or exported will be lost.';
}

// Every way out of dataset mode (Close, New, an example, another file) asks this persistence-aware question.
setLeaveDatasetQuestion(closeQuestion);

/** The review keys in one line: the Review group's hover text (each button's own title has its key too). */
function keysHint(withWarnings: boolean): string {
  return `Keys: ${DATASET_KEYS.next.label} next, ${DATASET_KEYS.previous.label} previous, ${DATASET_KEYS.nextError.label} next error${withWarnings ? ' or warning' : ''}, ${DATASET_KEYS.done.label} done, ${DATASET_KEYS.flag.label} flag, Ctrl+G go to line.`;
}

/** Back to single-record mode; ask first when there are changes. */
function closeWithConfirm(): void {
  if (confirmLeaveDataset()) useAppStore.getState().closeDataset();
}

export default function DatasetPanel() {
  useDatasetShortcuts();
  useGoToLineShortcut();
  const dataset = useAppStore((state) => state.dataset);
  const count = useAppStore((state) => listedIds(state).length);
  const total = useAppStore((state) => state.datasetOrder.length);
  const current = useAppStore((state) => state.currentRecord);
  const verdict = useAppStore((state) => (state.currentRecord === null ? undefined : state.datasetRows[state.currentRecord]?.status));
  const flagged = verdict === 'flagged';
  const line = useAppStore((state) => (state.currentRecord === null ? undefined : state.datasetRows[state.currentRecord]?.line));
  const withWarnings = useNextIncludesWarnings();
  // The size and the open line on hover of the name (the list marks the open record): the list keeps the room.
  const countText = count === total ? `${total.toLocaleString('en')} records` : `${count.toLocaleString('en')} of ${total.toLocaleString('en')} shown`;
  const sizeLine = dataset ? `${formatBytes(dataset.size)} · ${countText}${line !== undefined ? ` · ${recordPlace(dataset.source, line)} open` : ''}` : '';

  return (
    <>
      {dataset && (
        <>
          <DatasetConflictBanner />
          <KeptWorkBanner />
          <ChangedFileBanner />
          <div className="flex flex-col gap-1.5 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
            <div className="flex items-center gap-2">
              <h2 className="min-w-0 flex-1 truncate text-sm font-semibold" title={`${dataset.name} · ${sizeLine}`}>
                {dataset.name} <span className={`text-xs font-normal ${mutedText}`}>{countText}</span>
              </h2>
              {/* Saving (src/app/dataset/save, src/app/dataset/persistence): the button here, the status below. */}
              <DatasetSaveButton />
              <DatasetExportMenu />
              <button type="button" className={compactButton} onClick={closeWithConfirm} title="Close the dataset; the record you are on stays in the editors">
                Close
              </button>
            </div>
            <DatasetSaveStatus />
            <DatasetReadAs />
            <ParquetColumnChooser />
            <div role="group" aria-label="Review" className="flex flex-wrap items-center gap-1" title={keysHint(withWarnings)}>
              <ReviewButton label="Previous" keys={DATASET_KEYS.previous.label} title="Previous record" onClick={goPrevious} />
              <ReviewButton label="Next" keys={DATASET_KEYS.next.label} title="Next record" onClick={goNext} />
              <ReviewButton
                label="Next error"
                keys={DATASET_KEYS.nextError.label}
                title={`Next record with an error${withWarnings ? ' or a warning' : ''}, round to the first after the last (${DATASET_KEYS.previousError.label}: previous one)`}
                onClick={() => goNextError(1)}
              />
              <ReviewButton label="Done" keys={DATASET_KEYS.done.label} title="Mark this record done and open the next" onClick={markDoneAndNext} disabled={current === null} />
              <ReviewButton label={flagged ? 'Unflag' : 'Flag'} keys={DATASET_KEYS.flag.label} title={flagged ? 'Take the flag off this record' : 'Flag this record for later'} onClick={toggleFlag} disabled={current === null} />
              <ReviewButton label={verdict === 'rejected' ? 'Unreject' : 'Reject'} title={verdict === 'rejected' ? 'Take the rejection off this record' : 'Reject this record (it should not be in the dataset)'} onClick={() => toggleVerdict('rejected')} disabled={current === null} />
              <label className="flex items-center gap-1 text-xs" title={`${DATASET_KEYS.nextError.label} stops at records with warnings too`}>
                <input type="checkbox" aria-label="Next error: warnings too" checked={withWarnings} onChange={(event) => nextProblemStore.setState({ includeWarnings: event.target.checked })} />
                warnings
              </label>
              {/* Folded, it is one name on the row the buttons already wrap to: the list keeps its rows. Open, it takes the row's whole width. */}
              <RecordReview className="open:basis-full [&>summary]:whitespace-nowrap" />
            </div>
          </div>
          <ReviewerDialog />
          <DatasetReviewTools />
          <RecordList />
        </>
      )}
    </>
  );
}
