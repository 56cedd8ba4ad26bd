/**
 * Where the envelope lives: IndexedDB (idb-keyval), plus a synchronous localStorage copy written
 * only when the page is hidden or unloaded with a save still pending. An IndexedDB write started
 * in `pagehide` may not finish before the page is gone; the copy makes "no edit is lost on
 * reload or tab close" hold. Whichever of the two is newer wins at start-up.
 */
import { del as idbDel, get as idbGet, set as idbSet } from 'idb-keyval';

export const DOCUMENT_KEY = 'parley.document';
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

export function deleteSaved(): Promise<void> {
  return idbDel(DOCUMENT_KEY);
}

/** The page-hide copy, if there is one and it parses (it is plain JSON). */
export function readPagehideCopy(): unknown {
  try {
    const text = localStorage.getItem(PAGEHIDE_COPY_KEY);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Returns whether the copy was written (storage can be full, disabled or too small). */
export function writePagehideCopy(envelope: unknown): boolean {
  try {
    localStorage.setItem(PAGEHIDE_COPY_KEY, JSON.stringify(envelope));
    return true;
  } catch {
    return false;
  }
}

export function clearPagehideCopy(): void {
  try {
    localStorage.removeItem(PAGEHIDE_COPY_KEY);
  } catch {
    // Storage disabled: there is no copy to clear.
  }
}
