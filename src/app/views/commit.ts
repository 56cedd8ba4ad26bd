/** A record read back from a view → the store: merged with the record (merge-parsed.ts), one coalesced undo step. */
import { withBranch, type Conversation, type ParleyRecord } from '../../core/index.ts';
import { shownBranches, useAppStore } from '../store/index.ts';
import { branchOf } from '../store/branch-view.ts';
import { mergeParsed } from './merge-parsed.ts';

/** Undo coalescing keys: typing in one view is one burst, like typing in one field. */
export const VIEW_COALESCE_KEYS = { text: 'view:text', json: 'view:json' } as const;

/** Returns whether the record changed. */
export function commitReadBack(theirs: ParleyRecord, base: ParleyRecord, coalesceKey: string): boolean {
  const state = useAppStore.getState();
  const merged = mergeParsed(base, state.record, theirs);
  if (merged === state.record) return false;
  state.replaceRecord(merged, coalesceKey);
  return true;
}

/**
 * The Text view's read-back. A training record's Text view shows one branch as a conversation
 * (the prompt, then that branch: store/branch-view.ts), so its parse is merged with that
 * conversation and put back with core's `withBranch`: an edit of the prompt's text changes the
 * shared prompt, an edit after it the branch, and the other branches are kept.
 */
export function commitTextReadBack(theirs: ParleyRecord, base: ParleyRecord): boolean {
  const state = useAppStore.getState();
  const branch = shownBranches(state.record)[0];
  if (branch === undefined) return commitReadBack(theirs, base, VIEW_COALESCE_KEYS.text);
  const record = state.record as Conversation;
  const ours = branchOf(record, branch);
  const merged = mergeParsed(base, ours, theirs);
  if (merged === ours || merged.kind !== 'chat') return false;
  state.replaceRecord(withBranch(record, branch, merged), VIEW_COALESCE_KEYS.text);
  return true;
}
