/**
 * Save for the open dataset: the file as the export writes it (a Blob cut from the original File
 * and the edited lines), written back in place when the dataset was opened through the browser's
 * picker with a handle, downloaded under its name otherwise (save-in-place.ts).
 *
 * After an in-place write the open File is stale (the browser refuses to read a File whose file
 * changed), and the edits are now the file's content: the saved file is opened again, the
 * statuses follow their records to their new numbers, and the work saved in IndexedDB for the
 * old content is dropped (it would not match any file any more).
 */
import { parquetOriginOf } from '../parquet/parquet-origin.ts';
import { downloadFile } from '../../layout/download-file.ts';
import { readingRefusal, useAppStore, type DatasetFile, type Notice, type UnwrittenEdit } from '../../store/index.ts';
import { writtenDataset } from '../export-dataset.ts';
import { forgetSavedWork } from '../persistence/dataset-persistence.ts';
import { rowStatuses } from '../persistence/store-work.ts';
import { decodeMark } from '../../review/row-mark.ts';
import { reviewForWritten, writeReviewBeside } from '../../review/review-with-dataset.ts';
import { carryStatuses, rowsAfterSave } from './carry-statuses.ts';
import { canSaveInPlace, type SaveHandle } from './file-access.ts';
import { saveDataset, type SaveResult } from './save-in-place.ts';

/** The handle of the file picked with "Open to save in place…", and that very File. */
let opened: { handle: SaveHandle; file: File } | undefined;

/** `file`, about to be opened, came from the picker with this handle. */
export function expectHandle(handle: SaveHandle, file: File): void {
  opened = { handle, file };
}

/**
 * The handle of the open dataset, if Save can write it in place: only when the dataset was read
 * from the picked File itself (not from another file of the same name opened otherwise).
 */
export function handleOf(dataset: DatasetFile | null): SaveHandle | undefined {
  return opened && dataset && dataset.source === opened.file ? opened.handle : undefined;
}

export interface SaveDeps {
  /** Opens a file as the dataset (the app's dataset open pipeline); resolves when its first record is shown. */
  reopen(file: File, name: string): Promise<{ ok: boolean; message: string }>;
  download?(blob: Blob, name: string): void;
}

/** Save the open dataset; every outcome is said in a notice. */
export async function saveOpenDataset(deps: SaveDeps): Promise<SaveResult> {
  const store = useAppStore.getState;
  const dataset = store().dataset;
  if (!dataset) {
    const result: SaveResult = { kind: 'failed', message: 'There is no dataset to save.' };
    store().showNotice({ tone: 'error', title: result.message });
    return result;
  }
  const refusal = readingRefusal(store(), 'Save');
  if (refusal) {
    const result: SaveResult = { kind: 'failed', message: `${refusal} Nothing was written.` };
    store().showNotice({ tone: 'info', title: result.message });
    return result;
  }
  if (parquetOriginOf(dataset.source)) {
    // Save would write JSON Lines under the Parquet file's name: the export menu says which it writes.
    const result: SaveResult = { kind: 'failed', message: `${dataset.name} is a Parquet file: save your changes with Export… → Export Parquet (the file is rewritten) or Export the whole file (JSON Lines).` };
    store().showNotice({ tone: 'error', title: result.message });
    return result;
  }
  let blob: Blob;
  let unwritten: UnwrittenEdit | undefined;
  try {
    ({ blob, unwritten } = writtenDataset());
  } catch (thrown) {
    const result: SaveResult = { kind: 'failed', message: `${dataset.name} could not be written: ${thrown instanceof Error ? thrown.message : String(thrown)}.` };
    store().showNotice({ tone: 'error', title: result.message });
    return result;
  }
  const handle = handleOf(dataset);
  if (unwritten && handle) {
    // Written in place, the file is opened again and the editors with it: the edit would be lost.
    const result: SaveResult = { kind: 'failed', message: `${dataset.name} was not saved. ${unwritten.message}` };
    store().showNotice({ tone: 'error', title: result.message });
    return result;
  }
  // What must follow the file if it is written in place (read before anything changes).
  const state = store();
  // An edited record's edit is in the file after Save: it goes on being shown edited (savedEdit).
  const statuses = carryStatuses(rowStatuses(rowsAfterSave(state.datasetRows, state.datasetChanges.edited)), state.datasetChanges, dataset.count);
  // The review file goes with the dataset, its records named as they are in the written file.
  const review = await reviewForWritten(blob);
  const download = deps.download ?? downloadFile;
  const result = await saveDataset({ blob, name: dataset.name, handle, download, inPlaceOffered: canSaveInPlace() });
  /** A notice after writing, which names the line whose edit could not be written, if any. */
  const say = (notice: Omit<Notice, 'id'>): void =>
    store().showNotice(unwritten ? { tone: 'error', title: `${notice.title} Line ${unwritten.line} was written as it was: its edit could not be written.`, details: [...(notice.details ?? []), unwritten.message] } : notice);
  if (result.kind !== 'saved' || !handle) {
    const beside = result.kind === 'downloaded' && review ? await writeReviewBeside(review, dataset.name, download, false) : '';
    say({ tone: result.kind === 'downloaded' ? 'success' : 'error', title: result.message + beside });
    return result;
  }
  // The work saved for the old content is in the file now: forget it before the saved file
  // opens, or opening it would find it and call the file changed.
  await forgetSavedWork(dataset.fingerprint);
  expectHandle(handle, result.file);
  const reopened = await deps.reopen(result.file, dataset.name);
  if (!reopened.ok) {
    say({ tone: 'error', title: `${result.message} Opening it again failed: ${reopened.message}` });
    return result;
  }
  const after = store();
  if (after.dataset)
    for (const [id, kept] of statuses) {
      const mark = decodeMark(kept);
      if (mark && id < after.dataset.count) after.setMark(id, mark);
    }
  const beside = review ? await writeReviewBeside(review, dataset.name, download, true, store().dataset?.fingerprint.hash) : '';
  say({ tone: 'success', title: result.message + beside });
  return result;
}
