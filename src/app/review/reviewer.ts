/**
 * Who is reviewing: a name asked once, at the first review action (a verdict, a label, a
 * comment), kept in this browser (localStorage: it is the person's, not the dataset's) and
 * changeable from the review panel. Every review entry and comment is written with it.
 */
import { create } from 'zustand';

const KEY = 'parley.reviewer';
/** A name is a label in a file, not an essay: longer names are cut here. */
export const REVIEWER_NAME_MAX = 80;

interface ReviewerState {
  name: string | undefined;
  /** The dialog asking for the name is open; `pending` gets the answer (undefined: cancelled). */
  asking: boolean;
  pending: ((name: string | undefined) => void)[];
}

function storedName(): string | undefined {
  try {
    const name = globalThis.localStorage?.getItem(KEY)?.trim();
    return name ? name : undefined;
  } catch {
    // Storage refused (private mode, a sandbox): the name is asked again next time.
    return undefined;
  }
}

export const reviewerStore = create<ReviewerState>(() => ({ name: storedName(), asking: false, pending: [] }));

/** Keep `name` as the reviewer's (trimmed, cut to REVIEWER_NAME_MAX); answers whoever waited for it. */
export function setReviewerName(raw: string): string | undefined {
  const name = raw.trim().slice(0, REVIEWER_NAME_MAX);
  if (!name) return undefined;
  try {
    globalThis.localStorage?.setItem(KEY, name);
  } catch {
    // Kept for this page only.
  }
  const { pending } = reviewerStore.getState();
  reviewerStore.setState({ name, asking: false, pending: [] });
  for (const answer of pending) answer(name);
  return name;
}

/** Close the dialog without a name: the waiting action is not done. */
export function cancelReviewerQuestion(): void {
  const { pending } = reviewerStore.getState();
  reviewerStore.setState({ asking: false, pending: [] });
  for (const answer of pending) answer(undefined);
}

/** Open the dialog to change the name (nothing waits for it). */
export function askReviewerName(): void {
  reviewerStore.setState({ asking: true });
}

/** The reviewer's name, asked first when there is none; undefined when the person cancels. */
export function ensureReviewer(): Promise<string | undefined> {
  const { name } = reviewerStore.getState();
  if (name) return Promise.resolve(name);
  return new Promise((resolve) => reviewerStore.setState((state) => ({ asking: true, pending: [...state.pending, resolve] })));
}
