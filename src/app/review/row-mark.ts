/**
 * A row's review mark as the browser keeps it (IndexedDB, store-work.ts): one string per record,
 * so that the saved work's entries stay strings. A bare verdict is written as the word (`done`),
 * as statuses were before review files existed; a mark with labels or comments as JSON.
 *
 * Migration of what was saved before: statuses were `edited | flagged | done`, keyed by entry
 * index (the record id, which has not changed). `flagged` and `done` are verdicts and read as
 * such; `edited` was the mark of an edited record: the record's edit is in the saved changes when
 * it was not saved yet (then nothing more is needed), and it is `savedEdit` when Save had
 * written the edit into the file and carried the mark (`restoredMark`).
 */
import { isVerdict, type MarkComment, type ReviewDetails, type Verdict } from './review-mark.ts';

/** What a row holds of its review: the verdict, whether an earlier Save wrote an edit of it, the rest. */
export interface RowMark {
  status: Verdict | 'unreviewed';
  /** The record was edited and Save wrote the edit into the file: it is still shown as edited. */
  savedEdit?: true;
  review?: ReviewDetails;
}

export const NO_MARK: RowMark = { status: 'unreviewed' };

function hasDetails(review: ReviewDetails | undefined): review is ReviewDetails {
  return review !== undefined && (review.labels.length > 0 || review.comments.length > 0 || review.reviewer !== undefined);
}

/** The string kept for a mark; undefined when there is nothing to keep. */
export function encodeMark(mark: RowMark): string | undefined {
  const details = hasDetails(mark.review);
  if (!details && !mark.savedEdit) return mark.status === 'unreviewed' ? undefined : mark.status;
  if (!details && mark.status === 'unreviewed') return 'edited';
  return JSON.stringify({ status: mark.status, ...(mark.savedEdit ? { edited: true } : {}), ...(details ? { review: mark.review } : {}) });
}

/** The mark a kept string stands for; undefined when it is not one (a damaged entry is dropped, not guessed). */
export function decodeMark(value: string): RowMark | undefined {
  if (value === 'edited') return { status: 'unreviewed', savedEdit: true };
  if (isVerdict(value)) return { status: value };
  if (!value.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { status, edited, review } = parsed as Record<string, unknown>;
    if (status !== 'unreviewed' && !isVerdict(status)) return undefined;
    const details = readDetails(review);
    return { status, ...(edited === true ? { savedEdit: true as const } : {}), ...(details ? { review: details } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * A mark read back from saved work: an `edited` mark of a record whose edit is still among the
 * saved changes is that edit (shown from the changes), not an edit an earlier Save wrote.
 */
export function restoredMark(value: string, editedNow: boolean): RowMark | undefined {
  const mark = decodeMark(value);
  if (!mark || !mark.savedEdit || !editedNow) return mark;
  const { savedEdit: _dropped, ...rest } = mark;
  return rest;
}

function readDetails(value: unknown): ReviewDetails | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { labels, comments, reviewer, time, guidelines } = value as Record<string, unknown>;
  return {
    labels: Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [],
    comments: Array.isArray(comments) ? comments.flatMap((comment) => readComment(comment) ?? []) : [],
    ...(typeof reviewer === 'string' ? { reviewer } : {}),
    ...(typeof time === 'string' ? { time } : {}),
    ...(typeof guidelines === 'string' ? { guidelines } : {}),
  };
}

function readComment(value: unknown): MarkComment | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { author, time, text, resolved, message } = value as Record<string, unknown>;
  if (typeof author !== 'string' || typeof time !== 'string' || typeof text !== 'string') return undefined;
  return { author, time, text, resolved: resolved === true, ...(typeof message === 'number' ? { message } : {}) };
}
