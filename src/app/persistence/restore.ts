/**
 * Start-up: decide what to restore from IndexedDB and the page-hide copy, without touching the
 * store (autosave.ts applies the plan). Saved data that cannot be restored is moved aside (kept
 * in IndexedDB under its own key) rather than overwritten by the next save, so that the person
 * can export or discard it: a damaged or hostile value never makes every later visit fail.
 */
import { migrate, type Envelope } from './envelope.ts';
import { toUnreadableEntries, type UnreadableEntry } from './recovery-state.ts';
import { COPY_HEADER } from './copy-format.ts';
import { readPagehideCopyText, readSaved, readUnreadable, writeUnreadable } from './storage.ts';
import { revisionOf, writerOf } from './write-check.ts';

/**
 * IndexedDB normally answers in milliseconds; if it has not after this long (a stuck upgrade in
 * another tab, a broken profile), the app starts without it instead of showing nothing.
 */
export const RESTORE_TIMEOUT_MS = 3000;

export type RestoreResult =
  | { restored: true; migratedFrom?: number }
  | { restored: false; reason: 'empty' | 'unavailable' | 'invalid' | 'newer' | 'timeout'; message?: string };

export interface RestorePlan {
  result: RestoreResult;
  /** What to put in the store; absent when there is nothing to restore. */
  envelope?: Envelope;
  /** What IndexedDB holds, checked: the first base of page-hide deltas. */
  stored?: Envelope;
  /** The write counter of what IndexedDB holds (write-check.ts): this tab's first save expects it. */
  storedRevision: number;
  /** The restored state is not what IndexedDB holds (a newer copy, a migration): save it soon. */
  unsaved: boolean;
  /** Saving must stay off in this tab, and why (shown in the toolbar). */
  disabledReason?: string;
  /** Saving is off only until the person exports or discards the unreadable value (it could not be kept aside). */
  disabledUntilDiscarded?: boolean;
  /** Sentences for the person (the last moment's changes could not be restored). */
  notices: string[];
  /** Saved values that could not be restored, kept aside. */
  unreadable: UnreadableEntry[];
  /**
   * A page-hide copy made on top of another version than the one stored (its tab was then
   * overtaken by another tab's save): restoring it would write over that save unseen, so it is
   * not restored but offered as a recovery copy.
   */
  conflictingCopy?: Envelope;
}

export async function planRestore(): Promise<RestorePlan> {
  let stored: unknown;
  let keptAside: unknown;
  try {
    [stored, keptAside] = await withTimeout(Promise.all([readSaved(), readUnreadable().catch(() => undefined)]), RESTORE_TIMEOUT_MS);
  } catch (thrown) {
    const timedOut = thrown === TIMEOUT;
    const disabledReason = timedOut
      ? 'the saved data could not be read in time, so autosave is off in this tab to avoid overwriting it; reload to try again'
      : `storage is not available (${thrown instanceof Error ? thrown.message : String(thrown)})`;
    return { result: { restored: false, reason: timedOut ? 'timeout' : 'unavailable' }, unsaved: false, storedRevision: 0, disabledReason, notices: [], unreadable: [] };
  }
  const plan: RestorePlan = { result: { restored: false, reason: 'empty' }, unsaved: false, storedRevision: revisionOf(stored), notices: [], unreadable: toUnreadableEntries(keptAside) };

  let storedEnvelope: Envelope | undefined;
  let migratedFrom: number | undefined;
  if (stored !== undefined) {
    const checked = migrate(stored);
    if (checked.ok) {
      storedEnvelope = checked.envelope;
      migratedFrom = checked.migratedFrom;
    } else if (checked.reason === 'newer') {
      // Written by a newer Parley: neither restored nor replaced (the copy is ignored too).
      return { ...plan, result: { restored: false, reason: 'newer', message: checked.message }, disabledReason: `${checked.message}; autosave is off in this tab so that it is not overwritten` };
    } else {
      plan.result = { restored: false, reason: 'invalid', message: checked.message };
      plan.unreadable = [...plan.unreadable, { keptAt: Date.now(), reason: `The saved conversation could not be restored: ${checked.message}.`, value: stored }];
      try {
        await writeUnreadable(plan.unreadable);
      } catch (thrown) {
        plan.disabledReason = `the saved conversation could not be restored nor kept aside (${thrown instanceof Error ? thrown.message : String(thrown)}), so autosave is off until you export or discard it`;
        plan.disabledUntilDiscarded = true;
      }
    }
  }

  const { envelope: fromCopy, overtaken } = await envelopeFromCopy(readPagehideCopyText(), storedEnvelope, stored, plan.notices);
  if (overtaken) plan.conflictingCopy = overtaken;
  const envelope = fromCopy ?? storedEnvelope;
  if (envelope) {
    plan.envelope = envelope;
    plan.result = migratedFrom === undefined || fromCopy ? { restored: true } : { restored: true, migratedFrom };
    plan.unsaved = fromCopy !== undefined || migratedFrom !== undefined;
  }
  if (storedEnvelope && migratedFrom === undefined) plan.stored = storedEnvelope;
  return plan;
}

/**
 * The envelope the page-hide copy gives when it is newer than `stored` (what IndexedDB holds,
 * checked), with a sentence in `notices` when something newer was lost; or, as `overtaken`, a
 * copy made on top of another version than the one stored (`rawStored`), newer or not: another
 * tab saved meanwhile, and that copy is a version of its own, not an older state.
 */
async function envelopeFromCopy(text: string | undefined, stored: Envelope | undefined, rawStored: unknown, notices: string[]): Promise<{ envelope?: Envelope; overtaken?: Envelope }> {
  if (text === undefined) return {};
  // The decoder (and the decompressor) are loaded only when there is a copy: rarely.
  const copy = (await import('./copy-decoder.ts')).decodeCopy(text, COPY_HEADER.exec(text), stored);
  const checked = copy.ok ? migrate(copy.raw) : undefined;
  if (checked?.ok && copyOvertaken(checked.envelope, rawStored)) return { overtaken: checked.envelope };
  if (stored !== undefined && copy.savedAt <= stored.savedAt) return {};
  if (checked?.ok) return { envelope: checked.envelope };
  const problem = !copy.ok ? copy.message : checked && !checked.ok ? checked.message : 'the copy is not an envelope';
  notices.push(`Changes made just before Parley was last closed could not be restored (${problem}). You are seeing the last version that was saved.`);
  return {};
}

/**
 * Was the copy made on top of another version than `stored` (write-check.ts's rule)? A copy holds
 * the envelope its tab was about to write: one revision above what that tab last knew. A copy
 * without a writer (written before version 2) is taken as before.
 */
export function copyOvertaken(copy: Envelope, stored: unknown): boolean {
  if (stored === undefined || typeof copy.writer !== 'string') return false;
  return writerOf(stored) !== copy.writer && copy.revision !== revisionOf(stored) + 1;
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
