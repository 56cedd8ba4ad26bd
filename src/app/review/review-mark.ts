/**
 * What the app keeps of a review per record while working (by record id, beside the dataset's
 * rows): the verdict, the labels chosen, the comments, who and when. A record being edited is not
 * part of it: that is a fact of the dataset (its changes), shown beside the verdict. The review
 * file (core/review) is written from these marks with each record's line and fingerprint.
 */

/** A reviewer's verdict on a record; `unreviewed` when there is none. */
export type Verdict = 'done' | 'flagged' | 'rejected';
export const VERDICTS: readonly Verdict[] = ['done', 'flagged', 'rejected'];

export interface MarkComment {
  author: string;
  /** ISO 8601, as the review file writes it. */
  time: string;
  text: string;
  resolved: boolean;
  /** The message of the record it is about (0-based), absent for the record as a whole. */
  message?: number;
}

/** The review of a record besides its verdict. */
export interface ReviewDetails {
  labels: readonly string[];
  comments: readonly MarkComment[];
  /** Who gave the verdict or labels last, and when (ISO 8601). */
  reviewer?: string;
  time?: string;
  /** The SHA-256 of the guidelines open when the verdict or labels were given. */
  guidelines?: string;
}

export function isVerdict(value: unknown): value is Verdict {
  return value === 'done' || value === 'flagged' || value === 'rejected';
}

/** The number of a record's open (unresolved) comments. */
export function openCommentCount(details: ReviewDetails | undefined): number {
  return details?.comments.filter((comment) => !comment.resolved).length ?? 0;
}
