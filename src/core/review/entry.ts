/**
 * A review entry: one reviewer's verdict, labels and comments on one record of a dataset, as one
 * line of `<name>.review.jsonl` (review-file.ts). The record is found by its fingerprint first
 * (fingerprint.ts) and its place second (`line` of a JSONL/JSON file, 1-based as an editor shows
 * it, or `row` of a Parquet file, 0-based as Parquet counts rows): match.ts.
 *
 * Whether a record was edited is a fact of the dataset, not a status: the statuses are verdicts.
 * Keys Parley does not know are kept (`extra`, in their order) and written back, so that a newer
 * Parley or another tool can add keys without an older one dropping them.
 */
import type { RecordLocator } from '../dataset/source/types.ts';

export const REVIEW_STATUSES = ['done', 'flagged', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export function isReviewStatus(value: unknown): value is ReviewStatus {
  return typeof value === 'string' && (REVIEW_STATUSES as readonly string[]).includes(value);
}

/** Keys of a JSON object Parley does not know, with their values, in the order they came. */
export type ExtraKeys = Readonly<Record<string, unknown>>;

export interface ReviewComment {
  author: string;
  /** ISO 8601 date and time (`new Date().toISOString()`). */
  time: string;
  text: string;
  resolved: boolean;
  /** The message of the record the comment is on (0-based index in its message list); absent: the whole record. */
  message?: number;
  extra?: ExtraKeys;
}

/** Where the record is: a line of a JSONL or JSON file (1-based), or a Parquet row (0-based). */
/** Where an entry's record is: the dataset source's locator (a line, or a Parquet row). */
export type ReviewLocator = RecordLocator;

interface ReviewEntryFields {
  /** SHA-256 hex of the record's original bytes without its line terminator (fingerprint.ts). */
  fingerprint: string;
  /** Absent: the entry holds only labels or comments, no verdict yet. */
  status?: ReviewStatus;
  labels: readonly string[];
  comments: readonly ReviewComment[];
  reviewer?: string;
  /** ISO 8601 date and time of the entry's last change. */
  time?: string;
  /** Hash of the guidelines the reviewer worked under (a change of guidelines shows). */
  guidelines?: string;
  extra?: ExtraKeys;
}

export type ReviewEntry = ReviewEntryFields & ReviewLocator;

/** The entry's place as a number (line or row), to order entries. */
export function locatorNumber(entry: ReviewLocator): number {
  return 'line' in entry ? entry.line : entry.row;
}

/** Comments not yet resolved. */
export function openComments(entry: Pick<ReviewEntry, 'comments'>): ReviewComment[] {
  return entry.comments.filter((comment) => !comment.resolved);
}
