/**
 * Where saved data lives; the only module that touches the browser's storage (tests replace it).
 * - IndexedDB (idb-keyval): the envelope, and a saved value that could not be restored, kept
 *   aside until the person exports or discards it.
 * - localStorage: the page-hide copy, written synchronously when the page is hidden or unloaded
 *   with a save still pending. An IndexedDB write started in `pagehide` may not finish before
 *   the page is gone; the copy makes "no edit is lost on reload or tab close" hold. Its text
 *   format is page-hide-copy.ts's business; here it is an opaque string.
 */
import { del as idbDel, get as idbGet, set as idbSet } from 'idb-keyval';

export const DOCUMENT_KEY = 'parley.document';
export const UNREADABLE_KEY = 'parley.document.unreadable';
export const PAGEHIDE_COPY_KEY = 'parley.document.pagehide-copy';

export function indexedDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export function readSaved(): Promise<unknown> {
  return idbGet<unknown>(DOCUMENT_KEY);
}

export function writeSaved(envelope: unknown): Promise<void> {
  return idbSet(DOCUMENT_KEY, envelope);
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
