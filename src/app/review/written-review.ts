/**
 * The review file of a dataset as Save or an export just wrote it: each mark named by its
 * record's line and fingerprint in the WRITTEN file (an edited record's fingerprint is that of
 * its edit, a record below a deleted one has moved up a line), so that the review file read
 * beside the saved file finds every record by fingerprint and by line.
 *
 * Where a record lands is the writers' layout (core's jsonl-writer and json-array-writer, as
 * carry-statuses.ts follows it): the records added before the first, then each original entry
 * not deleted (and in `only`, when the export writes only some) followed by its added records.
 * The line and bytes are then read from the written Blob itself, indexed as the dataset is.
 */
import { JsonArrayScanner, JsonlIndexer, type DatasetIndex } from '../../core/index.ts';
import type { DatasetChanges, DatasetRow } from '../store/index.ts';
import { hasReview, reviewFileText, type KeptReview } from './review-file-io.ts';
import type { RowMark } from './row-mark.ts';

/** The row id written as each entry of the written file, in order. */
export function writtenOrder(changes: Pick<DatasetChanges, 'deleted' | 'inserted'>, count: number, only?: ReadonlySet<number>): number[] {
  const order: number[] = [...(changes.inserted.get(-1) ?? [])];
  for (let id = 0; id < count; id++) {
    if (!changes.deleted.has(id) && (!only || only.has(id))) order.push(id);
    order.push(...(changes.inserted.get(id) ?? []));
  }
  return order;
}

/** The written file indexed as the app indexes a dataset (streamed: the Blob is never read whole). */
export async function indexWritten(blob: Blob, format: DatasetIndex['format']): Promise<DatasetIndex> {
  const scanner = format === 'jsonl' ? new JsonlIndexer() : new JsonArrayScanner();
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    scanner.push(value);
  }
  return scanner.finish();
}

export interface WrittenReview {
  text: string;
  /** Entries written for marks (the kept entries of a review file read earlier not counted). */
  entries: number;
}

/**
 * The review file for `blob`, the dataset written from `rows` and `changes` (`count` original
 * entries; `only` when the export wrote only those originals). `kept` (entries read from a
 * review file that matched no record, other reviewers' entries) is written back as read.
 */
export async function writtenReviewText(
  blob: Blob,
  format: DatasetIndex['format'],
  rows: readonly DatasetRow[],
  changes: Pick<DatasetChanges, 'deleted' | 'inserted'>,
  count: number,
  reviewer: string | undefined,
  kept: KeptReview,
  only?: ReadonlySet<number>,
): Promise<WrittenReview> {
  const order = writtenOrder(changes, count, only);
  const marks = new Map<number, Pick<RowMark, 'status' | 'review'>>();
  order.forEach((id, at) => {
    const row = rows[id];
    if (row && hasReview(row)) marks.set(at, { status: row.status, ...(row.review ? { review: row.review } : {}) });
  });
  const index = await indexWritten(blob, format);
  if (index.records.count !== order.length)
    // The layout above and the writer disagree: naming records by it would put marks on the wrong ones.
    throw new Error(`the written file has ${index.records.count} entries where ${order.length} were expected`);
  return reviewFileText({ source: blob, index }, marks, reviewer, kept);
}
