/** A record read back from a view → the store: merged with the record (merge-parsed.ts), one coalesced undo step. */
import type { ParleyRecord } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
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
