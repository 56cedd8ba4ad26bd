/**
 * The review file written WITH the dataset (Save, export): made from the written Blob before
 * anything else changes (written-review.ts), then written beside the dataset: in place through
 * the review file's own handle when the person opened it with write access, else as a second
 * download. Returns the sentence the dataset's notice adds; nothing throws to the caller.
 */
import type { SaveHandle } from '../dataset/save/file-access.ts';
import { saveDataset } from '../dataset/save/save-in-place.ts';
import { useAppStore } from '../store/index.ts';
import { reviewFileName } from './review-file-io.ts';
import { reviewFileFor, reviewFileStore } from './review-file-store.ts';
import { reviewerStore } from './reviewer.ts';
import { writtenReviewText, type WrittenReview } from './written-review.ts';

const errorText = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));

/** The review file to write beside a dataset: its text, or why it could not be made. */
export type ReviewToWrite = (WrittenReview & { kept: boolean; handle: SaveHandle | undefined }) | { error: string };

/**
 * The review file for `blob`, the open dataset as just written (`only`: the originals an export
 * wrote). `undefined` when there is nothing to write: no mark, nothing kept from a review file,
 * and no review file opened with write access (that one is rewritten even empty: it would
 * otherwise keep marks the person removed).
 */
export async function reviewForWritten(blob: Blob, only?: ReadonlySet<number>): Promise<ReviewToWrite | undefined> {
  const state = useAppStore.getState();
  const dataset = state.dataset;
  if (!dataset) return undefined;
  const file = reviewFileFor(dataset.fingerprint.hash);
  const kept = file.kept.entries.length > 0 || file.kept.problems.length > 0;
  try {
    const review = await writtenReviewText(blob, dataset.format, state.datasetRows, state.datasetChanges, dataset.count, reviewerStore.getState().name, file.kept, only);
    if (review.entries === 0 && !kept && !file.handle) return undefined;
    return { ...review, kept, handle: file.handle };
  } catch (thrown) {
    return { error: errorText(thrown) };
  }
}

/**
 * Write `review` beside the dataset written as `datasetName` (`handle`: in place). `newHash`,
 * when the dataset was saved in place and opened again: the review file's state follows it.
 */
export async function writeReviewBeside(review: ReviewToWrite, datasetName: string, download: (blob: Blob, name: string) => void, inPlace: boolean, newHash?: string): Promise<string> {
  const name = inPlace && 'handle' in review && review.handle ? review.handle.name : reviewFileName(datasetName);
  if ('error' in review) return ` The review file ${name} could not be written: ${review.error}; save it from Review file once the dataset is open again.`;
  const handle = inPlace ? review.handle : undefined;
  const result = await saveDataset({ blob: new Blob([review.text], { type: 'application/jsonl' }), name, handle, download });
  if (newHash !== undefined) {
    // The saved dataset is a new file (a new fingerprint): its review file state goes with it.
    const state = reviewFileStore.getState();
    reviewFileStore.setState({ ...state, dataset: newHash });
  }
  const count = `${review.entries} reviewed record(s)`;
  if (result.kind === 'saved') return ` Saved ${name} beside it (${count}).`;
  if (result.kind === 'downloaded')
    return inPlace
      ? ` ${name} (${count}) was downloaded: Parley has no write access to the review file (open it with "Open to save in place…" to save it in place too); put it beside ${datasetName}.`
      : ` Downloaded ${name} (${count}) beside it, its lines and fingerprints those of the saved file.`;
  return ` ${name} was not written: ${result.message}`;
}
