/**
 * What a reviewer does to a record: a verdict, a label, a comment, a comment resolved. Each asks
 * who is reviewing first when no name is kept (reviewer.ts), and writes the name, the time and
 * the hash of the open guidelines into the record's mark. Answers whether it was done (the
 * person may cancel the name question).
 */
import { markOf, useAppStore } from '../store/index.ts';
import { guidelinesStore } from './guidelines-store.ts';
import type { ReviewDetails, Verdict } from './review-mark.ts';
import { ensureReviewer } from './reviewer.ts';

const EMPTY: ReviewDetails = { labels: [], comments: [] };

/** Now, as the review file writes times. */
export const nowIso = (): string => new Date().toISOString();

async function update(id: number, change: (details: ReviewDetails, reviewer: string, time: string) => { status?: Verdict | 'unreviewed'; review: ReviewDetails; stamp: boolean }): Promise<boolean> {
  const reviewer = await ensureReviewer();
  if (reviewer === undefined) return false;
  const state = useAppStore.getState();
  const row = state.datasetRows[id];
  if (!row) return false;
  const mark = markOf(row);
  const time = nowIso();
  const next = change(mark.review ?? EMPTY, reviewer, time);
  const hash = guidelinesStore.getState().guidelines?.hash;
  // A verdict or a label is the reviewer's judgement: it carries who, when and under which guidelines.
  const review: ReviewDetails = next.stamp ? { ...next.review, reviewer, time, ...(hash ? { guidelines: hash } : {}) } : next.review;
  useAppStore.getState().setMark(id, { ...mark, status: next.status ?? mark.status, review });
  return true;
}

/** Give record `id` a verdict, or take it off (`unreviewed`). */
export function giveVerdict(id: number, status: Verdict | 'unreviewed'): Promise<boolean> {
  return update(id, (review) => ({ status, review, stamp: true }));
}

/** Put `label` on record `id`, or take it off. */
export function toggleLabel(id: number, label: string): Promise<boolean> {
  return update(id, (review) => ({ review: { ...review, labels: review.labels.includes(label) ? review.labels.filter((l) => l !== label) : [...review.labels, label] }, stamp: true }));
}

/** A comment on record `id`, or on its message `message` (0-based). Empty text is not a comment. */
export function addComment(id: number, text: string, message?: number): Promise<boolean> {
  const body = text.trim();
  if (!body) return Promise.resolve(false);
  return update(id, (review, author, time) => ({ review: { ...review, comments: [...review.comments, { author, time, text: body, resolved: false, ...(message === undefined ? {} : { message }) }] }, stamp: false }));
}

/** Mark comment `index` of record `id` resolved (or open again). */
export function setCommentResolved(id: number, index: number, resolved: boolean): Promise<boolean> {
  return update(id, (review) => ({ review: { ...review, comments: review.comments.map((comment, i) => (i === index ? { ...comment, resolved } : comment)) }, stamp: false }));
}
