/**
 * The one rule every save of the conversation obeys (storage.ts applies it inside the write's
 * own IndexedDB transaction, so that no other tab can write between the look and the write):
 * a tab may write over what is stored only if it is what this tab last read or wrote. Two tabs
 * open on the same saved conversation would otherwise each save over the other, both saying
 * "Saved", and the first one's edit would be lost without a word.
 *
 * The stamp is two fields of the envelope (version 2): `revision`, a write counter (what is
 * stored plus one, counted inside the transaction, so it only grows, whichever tab writes), and
 * `writer`, the id of the page that wrote it (a new one at every load).
 */

/** Who is about to write, and what it last saw stored. */
export interface Writer {
  /** This page's id (`newWriterId`): a write it made itself may be written over. */
  id: string;
  /** The `revision` stored when this page last read or wrote it (0: nothing was stored). */
  base: number;
}

export type WriteCheck =
  /** Safe: write with this revision. */
  | { ok: true; revision: number }
  /** Another tab wrote since: `stored` is what it wrote, as read (an envelope of any version). */
  | { ok: false; stored: unknown };

/** The write counter of a stored value: 0 when there is none (nothing stored, an envelope before version 2). */
export function revisionOf(stored: unknown): number {
  const revision = isObject(stored) ? stored.revision : undefined;
  return typeof revision === 'number' && Number.isSafeInteger(revision) && revision > 0 ? revision : 0;
}

export function writerOf(stored: unknown): string | undefined {
  const writer = isObject(stored) ? stored.writer : undefined;
  return typeof writer === 'string' ? writer : undefined;
}

/**
 * May `writer` write over `stored` (the value read in the write's transaction)? Yes when nothing is
 * stored, when this page wrote it, or when it is still what this page last read.
 */
export function checkWrite(stored: unknown, writer: Writer): WriteCheck {
  const storedRevision = revisionOf(stored);
  const mine = stored === undefined || writerOf(stored) === writer.id || storedRevision === writer.base;
  return mine ? { ok: true, revision: storedRevision + 1 } : { ok: false, stored };
}

/** A page's id: random, so that two tabs (or a tab and its reload) never share one. */
export function newWriterId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
