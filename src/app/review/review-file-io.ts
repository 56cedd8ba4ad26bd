/**
 * The review file of the open dataset (`<name>.review.jsonl`, core/review) made from the rows'
 * marks, and a review file read back onto the rows. Records are named in the file by their line
 * and the SHA-256 of their bytes in the file as it is on disk (core's recordFingerprint): the
 * file opened, or the file Save just wrote. Entries that match no record, and the entries of a
 * record that another entry of the file took, are kept as read and written back: reading then
 * saving a review file loses nothing.
 */
import {
  locatorNumber,
  matchReviewEntries,
  recordFingerprint,
  recordLine,
  serializeReviewFile,
  type DatasetIndex,
  type RecordKey,
  type ReviewEntry,
  type ReviewFileProblem,
} from '../../core/index.ts';
import type { DatasetRow } from '../store/index.ts';
import type { ReviewDetails } from './review-mark.ts';
import type { RowMark } from './row-mark.ts';

/**
 * Bytes read from the file at once to fingerprint records: a read per record would cost a
 * round trip each; reading the file whole would hold a multi-gigabyte file in memory. 8 MiB
 * keeps both small; raise it for fewer reads on a fast disk.
 */
export const FINGERPRINT_CHUNK_BYTES = 8 * 1024 * 1024;

/** The file of a dataset as the review file sees it. */
export interface ReviewedFile {
  source: Blob;
  index: DatasetIndex;
  /** Present while the dataset is read on demand (DatasetFile.readRow): its bytes are not here yet. */
  readRow?: unknown;
}

/** The line and fingerprint of the records `ids` (entry ids, blank lines skipped), in id order. */
export async function recordKeys(file: ReviewedFile, ids: Iterable<number>): Promise<Map<number, RecordKey>> {
  // Fingerprints of placeholders would match no record, or the wrong one: said, not guessed.
  if (file.readRow !== undefined) throw new Error('the dataset is read on demand, its records are not all read: read every row first (Read all, under Search or the Validation summary)');
  const { records } = file.index;
  const wanted = [...ids].filter((id) => id >= 0 && id < records.count && !records.blank(id)).sort((a, b) => a - b);
  const keys = new Map<number, RecordKey>();
  let at = 0;
  while (at < wanted.length) {
    // A run of records read in one slice: up to FINGERPRINT_CHUNK_BYTES, at least one record.
    const first = wanted[at] as number;
    const start = records.start(first);
    let last = at;
    while (last + 1 < wanted.length && records.end(wanted[last + 1] as number) - start <= FINGERPRINT_CHUNK_BYTES) last++;
    const bytes = new Uint8Array(await file.source.slice(start, records.end(wanted[last] as number)).arrayBuffer());
    for (let i = at; i <= last; i++) {
      const id = wanted[i] as number;
      keys.set(id, { fingerprint: recordFingerprint(bytes.subarray(records.start(id) - start, records.end(id) - start)), line: recordLine(file.index, id) });
    }
    at = last + 1;
  }
  return keys;
}

/** Every record of the file (blank lines skipped). */
export function allRecordKeys(file: ReviewedFile): Promise<Map<number, RecordKey>> {
  return recordKeys(file, Array.from({ length: file.index.records.count }, (_, id) => id));
}

/** Whether a mark is worth an entry: a verdict, labels or comments. */
export function hasReview(mark: Pick<RowMark, 'status' | 'review'>): boolean {
  return mark.status !== 'unreviewed' || (mark.review !== undefined && (mark.review.labels.length > 0 || mark.review.comments.length > 0));
}

/** One entry from a record's key and mark; `reviewer` when the mark does not name one (marks made before names were asked). */
export function entryOf(key: RecordKey, mark: Pick<RowMark, 'status' | 'review'>, reviewer: string | undefined): ReviewEntry {
  const review: ReviewDetails = mark.review ?? { labels: [], comments: [] };
  const who = review.reviewer ?? reviewer;
  return {
    ...key,
    ...(mark.status === 'unreviewed' ? {} : { status: mark.status }),
    labels: review.labels,
    comments: review.comments,
    ...(who ? { reviewer: who } : {}),
    ...(review.time ? { time: review.time } : {}),
    ...(review.guidelines ? { guidelines: review.guidelines } : {}),
    ...(review.extra ? { extra: review.extra } : {}),
  };
}

/** What was read from a review file and not put on a record: written back as it was. */
export interface KeptReview {
  entries: readonly ReviewEntry[];
  problems: readonly ReviewFileProblem[];
}

export const NOTHING_KEPT: KeptReview = { entries: [], problems: [] };

/**
 * The review file's text for the records of `file` (ids below its entry count) with the marks
 * `marks` (by id), plus what was kept from a review file read earlier. Entries are in line order.
 */
export async function reviewFileText(file: ReviewedFile, marks: ReadonlyMap<number, Pick<RowMark, 'status' | 'review'>>, reviewer: string | undefined, kept: KeptReview = NOTHING_KEPT): Promise<{ text: string; entries: number }> {
  const ids = [...marks].filter(([, mark]) => hasReview(mark)).map(([id]) => id);
  const keys = await recordKeys(file, ids);
  const entries: ReviewEntry[] = [];
  for (const [id, key] of keys) entries.push(entryOf(key, marks.get(id) as RowMark, reviewer));
  const all = [...entries, ...kept.entries].sort((a, b) => locatorNumber(a) - locatorNumber(b));
  return { text: serializeReviewFile(all, { keep: kept.problems }), entries: entries.length };
}

/** The marks of the rows of the file's own records (added records are not in the file yet), deleted ones left out. */
export function marksOfRows(rows: readonly DatasetRow[], count: number, deleted: ReadonlySet<number>): Map<number, RowMark> {
  const marks = new Map<number, RowMark>();
  for (let id = 0; id < Math.min(count, rows.length); id++) {
    const row = rows[id];
    if (row && !deleted.has(id) && hasReview(row)) marks.set(id, { status: row.status, ...(row.review ? { review: row.review } : {}) });
  }
  return marks;
}

/** A review file's entries put on records: the mark for each record id, and what stays kept. */
export interface AppliedReview {
  marks: Map<number, Pick<RowMark, 'status' | 'review'>>;
  /** Entries that matched no record (listed to the person), in the file's order. */
  unmatched: ReviewEntry[];
  /** Entries that matched a record another entry of the file already gave a mark (another reviewer's, in a merged file). */
  others: ReviewEntry[];
}

/**
 * Match `entries` to the records (core's matchReviewEntries: fingerprint first, then line).
 * A record gets one mark: the entry of `reviewer` when it has one, else the file's last entry on it.
 */
export function applyEntries(entries: readonly ReviewEntry[], keys: ReadonlyMap<number, RecordKey>, reviewer: string | undefined): AppliedReview {
  const ids = [...keys.keys()];
  const matching = matchReviewEntries(entries, ids.map((id) => keys.get(id) as RecordKey));
  const chosen = new Map<number, number>();
  for (const { entry, record } of matching.matches) {
    const id = ids[record] as number;
    const before = chosen.get(id);
    const mine = entries[entry]?.reviewer === reviewer;
    if (before === undefined || mine || entries[before]?.reviewer !== reviewer) chosen.set(id, entry);
  }
  const used = new Set(chosen.values());
  const marks = new Map<number, Pick<RowMark, 'status' | 'review'>>();
  for (const [id, e] of chosen) marks.set(id, markOfEntry(entries[e] as ReviewEntry));
  return {
    marks,
    unmatched: matching.unmatched.map((e) => entries[e] as ReviewEntry),
    others: matching.matches.filter(({ entry }) => !used.has(entry)).map(({ entry }) => entries[entry] as ReviewEntry),
  };
}

/** The mark an entry stands for. */
export function markOfEntry(entry: ReviewEntry): Pick<RowMark, 'status' | 'review'> {
  return {
    status: entry.status ?? 'unreviewed',
    review: {
      labels: entry.labels,
      comments: entry.comments,
      ...(entry.reviewer !== undefined ? { reviewer: entry.reviewer } : {}),
      ...(entry.time !== undefined ? { time: entry.time } : {}),
      ...(entry.guidelines !== undefined ? { guidelines: entry.guidelines } : {}),
      ...(entry.extra !== undefined ? { extra: entry.extra } : {}),
    },
  };
}

/** `data.jsonl` → `data.review.jsonl` (the name the command and the app look for beside a dataset). */
export function reviewFileName(datasetName: string): string {
  const dot = datasetName.lastIndexOf('.');
  return `${dot > 0 ? datasetName.slice(0, dot) : datasetName}.review.jsonl`;
}
