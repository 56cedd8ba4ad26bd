/**
 * Where saved data lives; the only module that touches the browser's storage (tests replace it).
 * - IndexedDB (idb-keyval): the envelope, a saved value that could not be restored, kept
 *   aside until the person exports or discards it, and the recovery copies: versions not kept
 *   when two tabs saved the same conversation (recovery-copies.ts).
 * - localStorage: the page-hide copy, written synchronously when the page is hidden or unloaded
 *   with a save still pending. An IndexedDB write started in `pagehide` may not finish before
 *   the page is gone; the copy makes "no edit is lost on reload or tab close" hold. Its text
 *   format is page-hide-copy.ts's business; here it is an opaque string.
 */
import { createStore, del as idbDel, get as idbGet, promisifyRequest, set as idbSet } from 'idb-keyval';
import { checkWrite, type WriteCheck, type Writer } from './write-check.ts';

export const DOCUMENT_KEY = 'parley.document';
export const UNREADABLE_KEY = 'parley.document.unreadable';
export const PAGEHIDE_COPY_KEY = 'parley.document.pagehide-copy';
export const RECOVERY_COPIES_KEY = 'parley.document.recovery-copies';
/**
 * The envelope's two-tab stamp (`{revision, writer}`), also kept on its own, written in the same
 * transaction: the check before each save reads these few bytes rather than the whole saved
 * conversation (tens of MB for the largest).
 */
export const STAMP_KEY = 'parley.document.stamp';

/** idb-keyval's own default database and store, opened for the transactions it has no helper for. */
const keyval = createStore('keyval-store', 'keyval');

export function indexedDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export function readSaved(): Promise<unknown> {
  return idbGet<unknown>(DOCUMENT_KEY);
}

/**
 * The only write of the envelope: in one transaction, read the stamp of what is stored, check it
 * (write-check.ts) and write `envelope` (and the stamp) with its new `revision` only if this tab
 * may. Nothing is written when another tab saved since; its envelope is handed back.
 */
export function writeSavedChecked(envelope: Record<string, unknown>, writer: Writer): Promise<WriteCheck> {
  return keyval('readwrite', async (objects) => {
    // No stamp yet (nothing saved, or saved before version 2): the envelope itself is read, once.
    const stamp: unknown = (await promisifyRequest(objects.get(STAMP_KEY))) ?? (await promisifyRequest(objects.get(DOCUMENT_KEY)));
    const check = checkWrite(stamp, writer);
    if (!check.ok) return { ok: false, stored: await promisifyRequest(objects.get(DOCUMENT_KEY)) };
    envelope.revision = check.revision;
    objects.put(envelope, DOCUMENT_KEY);
    objects.put({ revision: check.revision, writer: writer.id }, STAMP_KEY);
    await promisifyRequest(objects.transaction);
    return check;
  });
}

export function readRecoveryCopies(): Promise<unknown> {
  return idbGet<unknown>(RECOVERY_COPIES_KEY);
}

/** Change the recovery copies in one transaction: two tabs adding one each both keep theirs. */
export function updateRecoveryCopies(change: (stored: unknown) => unknown): Promise<unknown> {
  return keyval('readwrite', async (objects) => {
    const next = change(await promisifyRequest(objects.get(RECOVERY_COPIES_KEY)));
    objects.put(next, RECOVERY_COPIES_KEY);
    await promisifyRequest(objects.transaction);
    return next;
  });
}

export function readUnreadable(): Promise<unknown> {
  return idbGet<unknown>(UNREADABLE_KEY);
}

export function writeUnreadable(kept: unknown): Promise<void> {
  return idbSet(UNREADABLE_KEY, kept);
}

export function deleteUnreadable(): Promise<void> {
  return idbDel(UNREADABLE_KEY);
}

export function readPagehideCopyText(): string | undefined {
  try {
    return localStorage.getItem(PAGEHIDE_COPY_KEY) ?? undefined;
  } catch {
    return undefined; // Storage disabled: there is no copy.
  }
}

/** Undefined when written; otherwise why not (storage full, disabled, or the text too large). */
export function writePagehideCopyText(text: string): string | undefined {
  try {
    localStorage.setItem(PAGEHIDE_COPY_KEY, text);
    return undefined;
  } catch (thrown) {
    return thrown instanceof Error ? thrown.name || thrown.message : String(thrown);
  }
}

/** Whether localStorage takes a write at all (undefined) or why not: the page-hide copy needs it. */
export function probeLocalStorage(): string | undefined {
  const key = `${PAGEHIDE_COPY_KEY}.probe`;
  try {
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return undefined;
  } catch (thrown) {
    return thrown instanceof Error ? thrown.name || thrown.message : String(thrown);
  }
}

export function clearPagehideCopy(): void {
  try {
    localStorage.removeItem(PAGEHIDE_COPY_KEY);
  } catch {
    // Storage disabled: there is no copy to clear.
  }
}
