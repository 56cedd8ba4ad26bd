/**
 * What the app keeps of a review per record while working (by record id, beside the dataset's
 * rows): the verdict, the labels chosen, the comments, who and when. A record being edited is not
 * part of it: that is a fact of the dataset (its changes), shown beside the verdict. The review
 * file (core/review) is written from these marks with each record's line and fingerprint.
 */

import { isReviewStatus, REVIEW_STATUSES, type ExtraKeys, type ReviewComment, type ReviewStatus } from '../../core/index.ts';

/** A reviewer's verdict on a record (core/review's status); `unreviewed` when there is none. */
export type Verdict = ReviewStatus;
export const VERDICTS: readonly Verdict[] = REVIEW_STATUSES;

/** A comment on the record, or on one of its messages (`message`, 0-based), as the review file has it. */
export type MarkComment = ReviewComment;

/** The review of a record besides its verdict. */
export interface ReviewDetails {
  labels: readonly string[];
  comments: readonly MarkComment[];
  /** Who gave the verdict or labels last, and when (ISO 8601). */
  reviewer?: string;
  time?: string;
  /** The SHA-256 of the guidelines open when the verdict or labels were given. */
  guidelines?: string;
  /** Keys of the review entry Parley does not know (a review file read), written back as they were. */
  extra?: ExtraKeys;
}

export const isVerdict = isReviewStatus;

/** The number of a record's open (unresolved) comments. */
export function openCommentCount(details: ReviewDetails | undefined): number {
  return details?.comments.filter((comment) => !comment.resolved).length ?? 0;
}
