/**
 * Open a review file beside the open dataset (its entries put on their records), and save the
 * review file of the open dataset (its own download, or in place when it was opened with a
 * handle). Every outcome is said in a notice; nothing throws to the page.
 */
import { locatorText, parseReviewFile, type ReviewEntry } from '../../core/index.ts';
import { downloadFile } from '../layout/download-file.ts';
import { saveDataset } from '../dataset/save/save-in-place.ts';
import type { SaveHandle } from '../dataset/save/file-access.ts';
import { useAppStore } from '../store/index.ts';
import { allRecordKeys, applyEntries, marksOfRows, reviewFileName, reviewFileText } from './review-file-io.ts';
import { reviewFileFor, reviewFileStore } from './review-file-store.ts';
import { reviewerStore } from './reviewer.ts';

const errorText = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));

/** How an unmatched entry is listed: `line 7 (done, Ana): no record has its fingerprint or line`. */
export function unmatchedText(entry: ReviewEntry): string {
  const what = [entry.status ?? 'no verdict', ...(entry.reviewer ? [entry.reviewer] : []), ...(entry.comments.length > 0 ? [`${entry.comments.length} comment(s)`] : [])].join(', ');
  return `${locatorText(entry)} (${what}): no record has its fingerprint or its line`;
}

/** Put the entries of a review file (its text) on the open dataset's records. */
export async function openReviewText(text: string, name: string, handle?: SaveHandle): Promise<boolean> {
  const app = useAppStore.getState();
  const dataset = app.dataset;
  if (!dataset) {
    app.showNotice({ tone: 'error', title: `${name} is a review file: open its dataset first, then the review file (or drop both together).` });
    return false;
  }
  const file = parseReviewFile(text);
  if (file.entries.length === 0 && file.problems.length > 0) {
    app.showNotice({ tone: 'error', title: `${name} holds no review entry.`, details: file.problems.slice(0, 10).map((p) => `Line ${p.fileLine}: ${p.message}`) });
    return false;
  }
  let applied: ReturnType<typeof applyEntries>;
  try {
    applied = applyEntries(file.entries, await allRecordKeys(dataset), reviewerStore.getState().name);
  } catch (thrown) {
    app.showNotice({ tone: 'error', title: `${name} could not be read against ${dataset.name}: ${errorText(thrown)}.` });
    return false;
  }
  // The dataset may have closed while its records were being read.
  if (useAppStore.getState().dataset !== dataset) return false;
  for (const [id, mark] of applied.marks) {
    const row = useAppStore.getState().datasetRows[id];
    if (row) useAppStore.getState().setMark(id, { ...mark, ...(row.savedEdit ? { savedEdit: true as const } : {}) });
  }
  reviewFileStore.setState({
    dataset: dataset.fingerprint.hash,
    name,
    kept: { entries: [...applied.unmatched, ...applied.others], problems: file.problems },
    unmatched: applied.unmatched,
    handle,
  });
  const parts = [`${applied.marks.size} record(s) given their review`];
  if (applied.others.length > 0) parts.push(`${applied.others.length} entry(ies) of other reviewers kept for merging`);
  if (file.problems.length > 0) parts.push(`${file.problems.length} line(s) that are not entries kept as they are`);
  const details = [...applied.unmatched.map(unmatchedText), ...file.problems.map((p) => `Line ${p.fileLine} of ${name}: ${p.message}`)];
  app.showNotice({
    // Unmatched entries are listed, not a failure: nothing was lost (they are kept).
    tone: applied.unmatched.length > 0 ? 'info' : 'success',
    title: `Read ${name}: ${parts.join('; ')}.${applied.unmatched.length > 0 ? ` ${applied.unmatched.length} entry(ies) match no record (listed; they are kept in the review file).` : ''}`,
    ...(details.length > 0 ? { details } : {}),
  });
  return true;
}

/** Save the review file of the open dataset: in place when it was opened with a handle, else a download. */
export async function saveReviewFile(download: (blob: Blob, name: string) => void = downloadFile): Promise<boolean> {
  const app = useAppStore.getState();
  const dataset = app.dataset;
  if (!dataset) {
    app.showNotice({ tone: 'error', title: 'There is no dataset whose review to save.' });
    return false;
  }
  app.commitCurrent();
  const { datasetRows, datasetChanges } = useAppStore.getState();
  const state = reviewFileFor(dataset.fingerprint.hash);
  const name = state.handle?.name ?? reviewFileName(dataset.name);
  try {
    const { text, entries } = await reviewFileText(dataset, marksOfRows(datasetRows, dataset.count, datasetChanges.deleted), reviewerStore.getState().name, state.kept);
    const result = await saveDataset({ blob: new Blob([text], { type: 'application/jsonl' }), name, handle: state.handle, download });
    const added = [...datasetChanges.inserted.values()].reduce((n, ids) => n + ids.filter((id) => datasetRows[id]?.status !== 'unreviewed' || datasetRows[id]?.review).length, 0);
    const notes = added > 0 ? ` ${added} reviewed record(s) added since the file was opened are not in it: Save the dataset, then save the review file.` : '';
    const title = result.kind === 'saved' ? `Saved ${name}: ${entries} reviewed record(s).` : result.kind === 'downloaded' ? `Downloaded ${name}: ${entries} reviewed record(s), named by their lines and bytes in ${dataset.name} as it is on disk.` : result.message;
    app.showNotice({ tone: result.kind === 'saved' || result.kind === 'downloaded' ? 'success' : 'error', title: title + notes });
    return result.kind === 'saved' || result.kind === 'downloaded';
  } catch (thrown) {
    app.showNotice({ tone: 'error', title: `${name} could not be written: ${errorText(thrown)}.` });
    return false;
  }
}
