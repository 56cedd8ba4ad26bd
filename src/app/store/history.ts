/**
 * Undo/redo policy on top of zundo's `temporal` middleware: only `record` is tracked, and a burst
 * of edits that share a coalesce key (typing in one field) is one undo step. zundo stores the
 * state *before* a change; skipping its `handleSet` for the later edits of a burst keeps the
 * state before the burst as the single step, so one undo removes the whole burst.
 */
import type { ParleyRecord } from '../../core/index.ts';

/** A pause in typing longer than this starts a new undo step, even in the same field. */
export const COALESCE_IDLE_MS = 500;

/** Undo steps kept; older ones are dropped (each holds a whole record, shared structurally). */
export const HISTORY_LIMIT = 200;

let burst: { key: string; at: number } | null = null;
let nextKey: string | undefined;

/** Run `change` (a store update) with the coalesce key that `coalescingHandleSet` will see. */
export function withCoalesceKey<T>(key: string | undefined, change: () => T): T {
  nextKey = key;
  try {
    return change();
  } finally {
    nextKey = undefined;
  }
}

/** The next edit starts a new undo step (after undo, redo, loading a record). */
export function breakCoalescing(): void {
  burst = null;
}

/** zundo `handleSet` option: records a step only at the start of a burst (arguments passed through untouched). */
export function coalescingHandleSet<A extends unknown[]>(handleSet: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    const key = nextKey;
    const now = performance.now();
    if (key !== undefined && burst !== null && burst.key === key && now - burst.at < COALESCE_IDLE_MS) {
      burst.at = now;
      return;
    }
    burst = key === undefined ? null : { key, at: now };
    handleSet(...args);
  };
}

export interface TrackedState {
  record: ParleyRecord;
}
