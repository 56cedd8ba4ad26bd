/**
 * Reviewing a dataset from the keyboard or the panel's buttons: next and previous record,
 * next record with an error (wrapping at the ends; with warnings too when the person asks),
 * mark done, flag. Moves follow the list as shown (a filter's view order when there is one).
 */
import { giveVerdict } from '../review/review-actions.ts';
import { guidelinesStore } from '../review/guidelines-store.ts';
import { doneBlocker } from '../review/rules-to-clear.ts';
import type { Verdict } from '../review/review-mark.ts';
import { createStore, useStore } from 'zustand';
import { listedIds, useAppStore, type AppState, type DatasetRow } from '../store/index.ts';
import { currentJudgedRows } from './judged-rows.ts';

/** A row has an error: it cannot be read, or its checks found errors. */
export function hasError(row: DatasetRow | undefined): boolean {
  return row !== undefined && (row.problem !== undefined || (row.summary?.errors ?? 0) > 0);
}

/** A row has a warning (and no error need be). */
export function hasWarning(row: DatasetRow | undefined): boolean {
  return (row?.summary?.warnings ?? 0) > 0;
}

/** Whether Alt+N stops at records with warnings too (the review tools' toggle). Not saved: a choice for this review. */
export const nextProblemStore = createStore<{ includeWarnings: boolean }>(() => ({ includeWarnings: false }));

export function useNextIncludesWarnings(): boolean {
  return useStore(nextProblemStore, (s) => s.includeWarnings);
}

/** The id `delta` places away from the current record in the list (none past either end). */
export function neighbour(state: Pick<AppState, 'viewOrder' | 'datasetOrder' | 'currentRecord'>, delta: number): number | undefined {
  const ids = listedIds(state);
  const at = state.currentRecord === null ? -1 : ids.indexOf(state.currentRecord);
  const target = at === -1 ? (delta > 0 ? 0 : ids.length - 1) : at + delta;
  return ids[target];
}

/**
 * The next (or previous) record of the list with an error (or a warning, with
 * `includeWarnings`) after the current one, going round past the end (`wrapped`); none when no
 * other record has one.
 */
export function nextWithError(state: Pick<AppState, 'viewOrder' | 'datasetOrder' | 'currentRecord' | 'datasetRows'>, direction: 1 | -1, includeWarnings = false): { id: number; wrapped: boolean } | undefined {
  const ids = listedIds(state);
  const n = ids.length;
  const at = state.currentRecord === null ? -1 : ids.indexOf(state.currentRecord);
  // From no record (or one not listed): the whole list from its start (or its end).
  const from = at === -1 ? (direction === 1 ? -1 : n) : at;
  const steps = at === -1 ? n : n - 1;
  for (let step = 1; step <= steps; step++) {
    const raw = from + direction * step;
    const i = ((raw % n) + n) % n;
    const row = state.datasetRows[ids[i] as number];
    if (hasError(row) || (includeWarnings && hasWarning(row))) return { id: ids[i] as number, wrapped: raw !== i };
  }
  return undefined;
}

/** Show record `id`; a failure (the file can no longer be read, e.g. it changed on disk) is said, not thrown. */
export function openRecord(id: number): void {
  useAppStore
    .getState()
    .goto(id)
    .catch((thrown: unknown) => {
      useAppStore.getState().showNotice({ tone: 'error', title: `The record could not be opened: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
    });
}

function go(id: number | undefined, none: string): void {
  if (id === undefined) {
    useAppStore.getState().showNotice({ tone: 'info', title: none });
    return;
  }
  openRecord(id);
}

export function goNext(): void {
  go(neighbour(useAppStore.getState(), 1), 'This is the last record.');
}

export function goPrevious(): void {
  go(neighbour(useAppStore.getState(), -1), 'This is the first record.');
}

export function goNextError(direction: 1 | -1 = 1): void {
  const state = useAppStore.getState();
  const { includeWarnings } = nextProblemStore.getState();
  const what = includeWarnings ? 'an error or a warning' : 'an error';
  const checking = state.datasetProgress?.phase === 'checking' ? ' (records are still being checked)' : '';
  // The rows as judged with the token rules too (judged-rows.ts), as the list counts them.
  const found = nextWithError({ ...state, datasetRows: currentJudgedRows(state) }, direction, includeWarnings);
  go(found?.id, `No other record has ${what}${checking}.`);
  if (found?.wrapped) state.showNotice({ tone: 'info', title: `Went round to the ${direction === 1 ? 'first' : 'last'} record with ${what} (line ${state.datasetRows[found.id]?.line ?? '?'}).` });
}

/** Marks the current record done and moves to the next one (the usual review loop); the reviewer's name is asked first when none is kept. */
export async function markDoneAndNext(): Promise<void> {
  const state = useAppStore.getState();
  const id = state.currentRecord;
  if (id === null) return;
  state.commitCurrent();
  const blocker = doneBlocker(guidelinesStore.getState().guidelines, state.datasetRules, useAppStore.getState().datasetRows[id]?.codes);
  if (blocker) {
    state.showNotice({ tone: 'error', title: blocker });
    return;
  }
  if (!(await giveVerdict(id, 'done'))) return;
  // Still on it (the name question may have taken a while): move on.
  if (useAppStore.getState().currentRecord !== id) return;
  const next = neighbour(useAppStore.getState(), 1);
  if (next !== undefined) openRecord(next);
}

/** Flags the current record, or takes the flag off (no verdict: the list shows it edited or unreviewed). */
export async function toggleFlag(): Promise<void> {
  await toggleVerdict('flagged');
}

/** Gives the current record `verdict`, or takes it off when it has it. */
export async function toggleVerdict(verdict: Verdict): Promise<void> {
  const state = useAppStore.getState();
  const id = state.currentRecord;
  if (id === null) return;
  state.commitCurrent();
  const has = useAppStore.getState().datasetRows[id]?.status === verdict;
  await giveVerdict(id, has ? 'unreviewed' : verdict);
}

/** The review keys (Alt + a letter no text field, Monaco or browser uses); `code` so that they work on any layout. */
export const DATASET_KEYS = {
  next: { code: 'KeyJ', label: 'Alt+J' },
  previous: { code: 'KeyK', label: 'Alt+K' },
  nextError: { code: 'KeyN', label: 'Alt+N' },
  previousError: { code: 'KeyN', shift: true, label: 'Alt+Shift+N' },
  done: { code: 'KeyM', label: 'Alt+M' },
  flag: { code: 'KeyG', label: 'Alt+G' },
} as const;

/** The action for a key press, if it is a review key. */
export function datasetKeyAction(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>): (() => void) | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const { code, shiftKey } = event;
  if (code === DATASET_KEYS.next.code && !shiftKey) return goNext;
  if (code === DATASET_KEYS.previous.code && !shiftKey) return goPrevious;
  if (code === DATASET_KEYS.nextError.code) return shiftKey ? () => goNextError(-1) : () => goNextError(1);
  if (code === DATASET_KEYS.done.code && !shiftKey) return markDoneAndNext;
  if (code === DATASET_KEYS.flag.code && !shiftKey) return toggleFlag;
  return undefined;
}
