/**
 * Saving a dataset's work as it is made: after each change of the work (debounced, one write per
 * pause), the entries that changed since the last confirmed save are written in one transaction
 * with the meta (dataset-storage.ts); when the page is hidden or unloaded, they are also copied
 * synchronously to localStorage (pagehide-copy.ts). One write at a time: a change made during a
 * write is written after it, diffed against what the storage then holds.
 *
 * Failures are never swallowed: the status says "Save failed: …" (the quota message in words)
 * and `onError` is told once per distinct failure, so that the app shows it; the work stays
 * unsaved and is written again at the next change or `saveNow`.
 *
 * Another tab that saved work on the same file since this one read it is never written over
 * (the storage checks the stamp in the write's transaction, write-check.ts): saving stops,
 * `onConflict` is told, and `keepMine` (or closing this autosave) is the person's choice.
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import type { SaveStatus } from '../../store/index.ts';
import { newWriterId, type Writer } from '../../persistence/write-check.ts';
import { diffWork, EMPTY_WORK, mergeChanges, type DatasetWork, type EntryChange } from './dataset-work.ts';
import { fingerprintKey, META_VERSION, type DatasetMeta, type DatasetStorage, type KeptWork } from './dataset-storage.ts';
import { parseCopy, type CopyStore, type DatasetCopy } from './pagehide-copy.ts';

/** As the single-record autosave: one write per pause in typing. */
export const DATASET_SAVE_DEBOUNCE_MS = 300;

export interface WorkSource {
  /** The work now (may cost an encode of the record being edited: called once per write, not per change). */
  get(): DatasetWork;
  /** Calls `listener` after each change that may change the work; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface DatasetAutosaveOptions {
  file: { name: string; fingerprint: FileFingerprint };
  storage: DatasetStorage;
  source: WorkSource;
  copy: CopyStore;
  /** What the storage holds for this file now (the restored work, or empty). */
  confirmed: DatasetWork;
  /** The work differs from what is stored (restored from a page-hide copy, or edited before the fingerprint was known). */
  unsaved: boolean;
  /** The stored meta's `revision` when `confirmed` was read (0: nothing stored). */
  base?: number;
  /** This page's id (write-check.ts); a new one by default. */
  writerId?: string;
  /** Another tab saved work on this file since this tab read it: nothing more is written until `keepMine`. */
  onConflict?(): void;
  onStatus(status: SaveStatus): void;
  /** A failure the person must see (each distinct message once until a save succeeds). */
  onError(message: string): void;
  debounceMs?: number;
  now?: () => number;
}

export interface DatasetAutosave {
  /** Write now; resolves when what was there at the call is stored or has failed. */
  saveNow(): Promise<void>;
  /** Page hidden or unloading: copy the unsaved changes synchronously, then start the write. */
  flushForPageHide(): void;
  /** The dataset is closing: stop following it, after writing what is not written yet. */
  finish(): Promise<void>;
  /** Stop at once, writing nothing more. */
  stop(): void;
  /**
   * After a conflict: keep the other tab's work as recovery copy `kept` (its changes filled in
   * here), then write this tab's work over it. Rejects, writing nothing, if the copy cannot be kept.
   */
  keepMine(kept: Omit<KeptWork, 'changes' | 'current'>): Promise<void>;
}

/** What the status says while another tab's save is in the way. */
export const DATASET_CONFLICT_STATUS = 'Edits not saved: another tab saved work on this file. Choose which to keep.';

/** Why a write failed, in words: the quota case says what to do. */
export function describeSaveError(thrown: unknown): string {
  const name = thrown instanceof Error || (typeof DOMException !== 'undefined' && thrown instanceof DOMException) ? (thrown as Error).name : '';
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  if (name === 'QuotaExceededError' || /quota/i.test(message)) {
    return "the browser's storage for this site is full (QuotaExceededError). Your edits are still here: Save or export the file to keep them, or free space in the browser's site data.";
  }
  return message || name || 'unknown error';
}

export function startDatasetAutosave(options: DatasetAutosaveOptions): DatasetAutosave {
  const { file, storage, source, copy } = options;
  const key = fingerprintKey(file.fingerprint);
  const debounceMs = options.debounceMs ?? DATASET_SAVE_DEBOUNCE_MS;
  const now = options.now ?? Date.now;
  let confirmed = options.confirmed;
  let writing: DatasetWork | undefined;
  let running: Promise<void> | undefined;
  let dirty = options.unsaved;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastError: string | undefined;
  let stopped = false;
  const writer: Writer = { id: options.writerId ?? newWriterId(), base: options.base ?? 0 };
  /** A page-hide copy older than this was there when the work was restored: this autosave's to clear. */
  const startedAt = now();
  let conflicted = false;

  const status = (next: SaveStatus) => {
    if (!stopped) options.onStatus(next);
  };

  // `revision` and `writer` are set by the storage, in the write's transaction.
  const meta = (work: DatasetWork): DatasetMeta => ({ version: META_VERSION, name: file.name, size: file.fingerprint.size, hash: file.fingerprint.hash, current: work.current, savedAt: now(), revision: writer.base + 1 });

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, debounceMs);
  };

  const markDirty = () => {
    if (conflicted) {
      dirty = true;
      return;
    }
    if (!dirty) status({ state: 'unsaved' });
    dirty = true;
    schedule();
  };

  /** One write of what differs now; loops while changes arrive during a write. */
  const writeLoop = async (): Promise<void> => {
    while (dirty && !stopped && !conflicted) {
      dirty = false;
      const next = source.get();
      const changes = diffWork(confirmed, next);
      if (changes.length === 0 && next.current === confirmed.current) {
        confirmed = next;
        continue;
      }
      const written = meta(next);
      writing = next;
      try {
        const check = await storage.write(written, changes, writer);
        if (!check.ok) {
          dirty = true;
          conflicted = true;
          status({ state: 'unavailable', message: DATASET_CONFLICT_STATUS });
          options.onConflict?.();
          return;
        }
        writer.base = check.revision;
        confirmed = next;
        lastError = undefined;
        clearCopyFor(written.savedAt);
      } catch (thrown) {
        dirty = true;
        const message = describeSaveError(thrown);
        status({ state: 'failed', message });
        if (message !== lastError) options.onError(message);
        lastError = message;
        return;
      } finally {
        writing = undefined;
      }
    }
    if (!dirty) status({ state: 'saved', at: now() });
  };

  const save = (): Promise<void> => {
    if (running) {
      // A write is under way: the loop picks up what changed meanwhile.
      return running;
    }
    running = writeLoop().finally(() => {
      running = undefined;
    });
    return running;
  };

  const clearCopyFor = (savedAt: number) => {
    const held = parseCopy(copy.read());
    // Another tab's copy (written since this autosave started) is its last moment: not ours to drop.
    const ours = held !== undefined && (held.writer === undefined || held.writer === writer.id || held.savedAt < startedAt);
    if (held && held.key === key && held.savedAt <= savedAt && ours) copy.clear();
  };

  const flushForPageHide = () => {
    // In a conflict, no copy: it would be restored over the other tab's save.
    if (stopped || conflicted || (!dirty && writing === undefined)) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const current = source.get();
    // Every entry the storage may not hold as it is now: changed since the confirmed save, or
    // since the write under way (which may or may not land).
    const changes: EntryChange[] = mergeChanges(diffWork(confirmed, current), writing ? diffWork(writing, current) : []);
    const held: DatasetCopy = { key, current: current.current, savedAt: now(), changes, writer: writer.id, base: writer.base };
    const failure = copy.write(JSON.stringify(held));
    if (failure !== undefined) options.onError(`the emergency copy of your last dataset changes could not be written (${failure}); wait until the dataset says Saved before closing the tab`);
    if (dirty) void save();
  };

  // Marking dirty costs a timer reset; the diff (and any encoding) waits for the write.
  const unsubscribe = source.subscribe(markDirty);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushForPageHide();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flushForPageHide);

  function detach(): void {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flushForPageHide);
  }

  if (dirty) {
    status({ state: 'unsaved' });
    schedule();
  } else status({ state: 'saved', at: now() });

  return {
    saveNow: async () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (running) await running;
      if (dirty) await save();
    },
    flushForPageHide,
    finish: async () => {
      detach();
      if (running) await running;
      if (dirty) await save();
      stopped = true;
    },
    stop: () => {
      stopped = true;
      detach();
    },
    keepMine: async (kept) => {
      if (!conflicted) return;
      const other = await storage.read(file.fingerprint);
      if (other) {
        await storage.keep(file.fingerprint, { ...kept, changes: diffWork(EMPTY_WORK, other.work), current: other.work.current });
        confirmed = other.work;
        writer.base = other.meta.revision;
      }
      conflicted = false;
      dirty = true;
      status({ state: 'unsaved' });
      await save();
    },
  };
}
