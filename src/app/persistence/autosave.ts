/**
 * Autosave: restore the saved envelope at start-up, then save on every change of what is
 * persisted, debounced, and flushed when the page is hidden or unloaded. The toolbar shows the
 * state from `saveStatus`. Nothing here ever throws into the app: failures become a status.
 */
import { useAppStore, type AppState } from '../store/index.ts';
import { ENVELOPE_VERSION, migrate, type Envelope } from './envelope.ts';
import { clearPagehideCopy, indexedDbAvailable, readPagehideCopy, readSaved, writePagehideCopy, writeSaved } from './storage.ts';

/** Quiet time after the last change before writing: one write per pause in typing, not per key. */
export const SAVE_DEBOUNCE_MS = 300;

/**
 * IndexedDB normally answers in milliseconds; if it has not after this long (a stuck upgrade in
 * another tab, a broken profile), the app starts without it instead of showing nothing.
 */
export const RESTORE_TIMEOUT_MS = 3000;

let timer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;
/** The envelope being written right now: if the page goes away mid-write, it is copied too. */
let inFlight: Envelope | undefined;
/** Why saving is off for this tab (storage unavailable, or saved data we must not overwrite). */
let disabledReason: string | undefined;
/** Fields of the restored envelope this version does not know: written back unchanged. */
let keptFields: Record<string, unknown> = {};

export type RestoreResult =
  | { restored: true; migratedFrom?: number }
  | { restored: false; reason: 'empty' | 'unavailable' | 'invalid' | 'newer' | 'timeout'; message?: string };

/** Read the saved envelope into the store. Call once, before the editor first renders. */
export async function restoreSaved(): Promise<RestoreResult> {
  const store = useAppStore.getState();
  if (!indexedDbAvailable()) {
    disabledReason = 'this browser offers no IndexedDB';
    store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${disabledReason}. Export to keep your work.` });
    return { restored: false, reason: 'unavailable' };
  }
  let stored: unknown;
  try {
    stored = await withTimeout(readSaved(), RESTORE_TIMEOUT_MS);
  } catch (thrown) {
    const timedOut = thrown === TIMEOUT;
    disabledReason = timedOut
      ? 'the saved data could not be read in time, so autosave is off in this tab to avoid overwriting it; reload to try again'
      : `storage is not available (${thrown instanceof Error ? thrown.message : String(thrown)})`;
    store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${disabledReason}.` });
    return { restored: false, reason: timedOut ? 'timeout' : 'unavailable' };
  }
  const copy = readPagehideCopy();
  const candidates = [stored, copy].map((value) => (value === undefined ? undefined : migrate(value)));
  const readable = candidates.filter((c): c is Extract<typeof c, { ok: true }> => c?.ok === true);
  const best = readable.sort((a, b) => b.envelope.savedAt - a.envelope.savedAt)[0];
  if (!best) {
    const failure = candidates.find((c) => c !== undefined && !c.ok);
    if (failure === undefined || failure.ok) {
      store.setSaveStatus({ state: 'saved', at: Date.now() });
      return { restored: false, reason: 'empty' };
    }
    if (failure.reason === 'newer') {
      disabledReason = `${failure.message}; autosave is off in this tab so that it is not overwritten`;
      store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${disabledReason}.` });
      return { restored: false, reason: 'newer', message: failure.message };
    }
    // Unreadable saved data is replaced by the next save; say so once instead of failing silently.
    store.showNotice({ tone: 'error', title: `The saved conversation could not be restored: ${failure.message}. It will be replaced when you edit.` });
    store.setSaveStatus({ state: 'saved', at: Date.now() });
    return { restored: false, reason: 'invalid', message: failure.message };
  }
  const { envelope } = best;
  const { version: _v, savedAt: _s, record, formatId, formatOptions, shadeTrainable, showWhitespace, ...unknown } = envelope;
  keptFields = unknown;
  useAppStore.setState({
    record,
    formatId,
    formatOptions,
    ...(typeof shadeTrainable === 'boolean' ? { shadeTrainable } : {}),
    ...(typeof showWhitespace === 'boolean' ? { showWhitespace } : {}),
  });
  // The page-hide copy was newer than IndexedDB (the last write did not finish): write it now.
  if (best.envelope !== (candidates[0]?.ok ? candidates[0].envelope : undefined) || best.migratedFrom !== undefined) dirty = true;
  useAppStore.getState().setSaveStatus(dirty ? { state: 'unsaved' } : { state: 'saved', at: envelope.savedAt });
  return best.migratedFrom === undefined ? { restored: true } : { restored: true, migratedFrom: best.migratedFrom };
}

/** Start saving changes. Call once, after restoring and loading the start-up record. */
export function startAutosave(): () => void {
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (persistedChanged(state, previous)) markDirty();
  });
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushForPageHide();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flushForPageHide);
  if (dirty) schedule();
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flushForPageHide);
  };
}

/** Save now (Ctrl+S, tests). Resolves when the write is done or has failed. */
export async function saveNow(): Promise<void> {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  await save();
}

function persistedChanged(state: AppState, previous: AppState): boolean {
  return (
    state.record !== previous.record ||
    state.formatId !== previous.formatId ||
    state.formatOptions !== previous.formatOptions ||
    state.shadeTrainable !== previous.shadeTrainable ||
    state.showWhitespace !== previous.showWhitespace
  );
}

function markDirty(): void {
  dirty = true;
  if (disabledReason !== undefined) return;
  // Only touch the store when the status actually changes: this runs on every keystroke.
  if (useAppStore.getState().saveStatus.state !== 'unsaved') useAppStore.getState().setSaveStatus({ state: 'unsaved' });
  schedule();
}

function schedule(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void save();
  }, SAVE_DEBOUNCE_MS);
}

function snapshot(): Envelope {
  const { record, formatId, formatOptions, shadeTrainable, showWhitespace } = useAppStore.getState();
  return { ...keptFields, version: ENVELOPE_VERSION, savedAt: Date.now(), record, formatId, formatOptions, shadeTrainable, showWhitespace };
}

async function save(): Promise<void> {
  if (!dirty || disabledReason !== undefined) return;
  dirty = false;
  const envelope = snapshot();
  inFlight = envelope;
  try {
    await writeSaved(envelope);
    clearPagehideCopyIfOlder(envelope.savedAt);
    if (!dirty) useAppStore.getState().setSaveStatus({ state: 'saved', at: envelope.savedAt });
  } catch (thrown) {
    dirty = true;
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    useAppStore.getState().setSaveStatus({ state: 'failed', message });
  } finally {
    if (inFlight === envelope) inFlight = undefined;
  }
}

function clearPagehideCopyIfOlder(savedAt: number): void {
  const copy = readPagehideCopy();
  if (copy === undefined) return;
  const copySavedAt = typeof copy === 'object' && copy !== null ? (copy as { savedAt?: unknown }).savedAt : undefined;
  if (typeof copySavedAt !== 'number' || copySavedAt <= savedAt) clearPagehideCopy();
}

/** The page may be about to go away: write synchronously what is pending, then start the real save. */
function flushForPageHide(): void {
  if (disabledReason !== undefined) return;
  if (!dirty) {
    if (inFlight !== undefined) writePagehideCopy(inFlight);
    return;
  }
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  writePagehideCopy(snapshot());
  void save();
}

const TIMEOUT = Symbol('timeout');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = setTimeout(() => reject(TIMEOUT), ms);
    promise.then(
      (value) => {
        clearTimeout(id);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
