/**
 * Autosave: restore the saved envelope at start-up (restore.ts decides what), then save on every
 * change of what is persisted, debounced, and flushed when the page is hidden or unloaded. The
 * toolbar shows the state from `saveStatus`. Nothing here ever throws into the app: failures
 * become a status, a notice or a banner.
 *
 * Every write goes through `save` and storage.ts's `writeSavedChecked`, which refuses to write
 * over what another tab saved since this one read it (write-check.ts). Then this tab stops
 * saving, keeps its own version as a recovery copy and asks the person which version to keep
 * (`resolveConflict`); a `BroadcastChannel` tells the other open tabs at once after each save.
 */
import { useAppStore } from '../store/index.ts';
import { copySavedAt, markLost, writeCopyText, writePlainCopy } from './copy-format.ts';
import { ENVELOPE_VERSION, migrate, type Envelope } from './envelope.ts';
import { keepRecoveryCopy, loadRecoveryCopies } from './recovery-copies.ts';
import { recoveryStore } from './recovery-state.ts';
import { planRestore, type RestoreResult } from './restore.ts';
import { savedSession, savedSessionChanged, splitEnvelope } from './session-fields.ts';
import { clearPagehideCopy, indexedDbAvailable, probeLocalStorage, readSaved, writeSavedChecked } from './storage.ts';
import { newWriterId, revisionOf, writerOf, type Writer } from './write-check.ts';

export { RESTORE_TIMEOUT_MS, type RestoreResult } from './restore.ts';

/** Quiet time after the last change before writing: one write per pause in typing, not per key. */
export const SAVE_DEBOUNCE_MS = 300;

let timer: ReturnType<typeof setTimeout> | undefined;
let dirty = false;
/** Envelopes being written right now: IndexedDB may end up holding any of them if the page dies. */
const inFlight = new Set<Envelope>();
/** The last envelope IndexedDB confirmed: with `inFlight`, what a page-hide copy is a delta against. */
let confirmed: Envelope | undefined;
/** Why saving is off for this tab (storage unavailable, or saved data we must not overwrite). */
let disabledReason: string | undefined;
/** Saving is off only because unreadable saved data could not be kept aside (see `allowOverwrite`). */
let disabledUntilDiscarded = false;
/** Why saving is paused, by whoever paused it (an error boundary showing an error). */
const holds = new Map<string, string>();
/** Fields of the restored envelope this version does not know: written back unchanged. */
let keptFields: Record<string, unknown> = {};
/** `savedAt` strictly increases, so that a copy and a save are never taken for each other. */
let lastSavedAt = 0;
/** localStorage refused the probe: every page-hide copy would fail (the banner says so for good). */
let copyStorageMissing = false;
/**
 * `savedAt` of the page-hide copies this page may clear: those it wrote, and the one there was
 * when it started (applied, or superseded). A copy another tab wrote since is that tab's last
 * moment, not this page's to drop.
 */
const ownCopies = new Set<number>();
/** This page, and the revision it last read or wrote (write-check.ts). */
const writer: Writer = { id: newWriterId(), base: 0 };
/** Another tab saved since this one read: what it saved (as read), until the person chooses. */
let conflict: { stored: unknown; copyId: string } | undefined;
/** Conflicts seen by this page: each keeps its own recovery copy. */
let conflicts = 0;
/** Tells the other tabs of this origin that a save landed (undefined: no BroadcastChannel). */
let channel: BroadcastChannel | undefined;
const CHANNEL_NAME = 'parley.document';

/** Read the saved envelope into the store. Call once, before the editor first renders. */
export async function restoreSaved(): Promise<RestoreResult> {
  const store = useAppStore.getState();
  if (!indexedDbAvailable()) {
    disabledReason = 'this browser offers no IndexedDB';
    store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${disabledReason}. Export to keep your work.` });
    return { restored: false, reason: 'unavailable' };
  }
  const seenCopy = copySavedAt();
  if (seenCopy !== undefined) ownCopies.add(seenCopy);
  const [plan, copies] = await Promise.all([planRestore(), loadRecoveryCopies()]);
  recoveryStore.setState({ unreadable: plan.unreadable, copies });
  writer.base = plan.storedRevision;
  disabledReason = plan.disabledReason;
  disabledUntilDiscarded = plan.disabledUntilDiscarded === true;
  if (plan.conflictingCopy) await keepOvertakenCopy(plan.conflictingCopy);
  const [first, ...more] = plan.notices;
  if (first !== undefined) store.showNotice({ tone: 'error', title: first, details: more });
  confirmed = plan.stored;
  if (plan.envelope) {
    const { session, kept } = splitEnvelope(plan.envelope);
    keptFields = kept;
    lastSavedAt = Math.max(lastSavedAt, plan.envelope.savedAt);
    useAppStore.setState(session);
    // Restored from the page-hide copy (the last write did not finish) or migrated: write it now.
    dirty = plan.unsaved;
  }
  if (disabledReason !== undefined) store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${disabledReason}.` });
  else store.setSaveStatus(dirty ? { state: 'unsaved' } : { state: 'saved', at: plan.envelope?.savedAt ?? Date.now() });
  return plan.result;
}

/** The last moment of a tab that another tab's save overtook: a recovery copy, then the page-hide copy is cleared. */
async function keepOvertakenCopy(envelope: Envelope): Promise<void> {
  try {
    await keepRecoveryCopy({ id: `${writer.id}:closed-tab`, keptAt: Date.now(), reason: 'Changes made in a tab just before it closed, on top of an older version than the one another tab saved since: kept here rather than restored over it.', envelope });
    clearPagehideCopy();
  } catch {
    // Not kept aside: the page-hide copy stays, and the next visit tries again.
  }
}

/** Start saving changes. Call once, after restoring and loading the start-up record. */
export function startAutosave(): () => void {
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (savedSessionChanged(state, previous)) markDirty();
  });
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushForPageHide();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flushForPageHide);
  probeCopyStorage();
  listenToOtherTabs();
  if (dirty) schedule();
  return () => {
    unsubscribe();
    channel?.close();
    channel = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flushForPageHide);
  };
}

/**
 * Save now (Ctrl+S, tests). Resolves when the write is done or has failed. `changed`: the state
 * changed where autosave may not have seen it (a share link opened at start-up, before
 * `startAutosave`), so it is written even if nothing was marked.
 */
export async function saveNow({ changed = false }: { changed?: boolean } = {}): Promise<void> {
  if (changed) markDirty();
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  await save();
}

/**
 * Pause saving while part of the page cannot show the current state (an error boundary caught a
 * render error): the last saved version, which could be shown, stays saved, so that a reload
 * does not bring the crash back. The state itself is not lost: it stays in the tab, can be
 * exported, and is saved as soon as it (or the next one) renders again.
 */
export function holdAutosave(key: string, why: string): void {
  holds.set(key, why);
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (disabledReason === undefined) useAppStore.getState().setSaveStatus({ state: 'unavailable', message: `Not saved: ${why}` });
}

export function releaseAutosave(key: string): void {
  if (!holds.delete(key) || disabledReason !== undefined) return;
  const other = holds.values().next();
  const store = useAppStore.getState();
  if (other.done && conflict !== undefined) store.setSaveStatus({ state: 'unavailable', message: CONFLICT_STATUS });
  else if (!other.done) store.setSaveStatus({ state: 'unavailable', message: `Not saved: ${other.value}` });
  else if (dirty) {
    store.setSaveStatus({ state: 'unsaved' });
    schedule();
  } else store.setSaveStatus({ state: 'saved', at: confirmed?.savedAt ?? Date.now() });
}

/**
 * The person exported or discarded saved data that could not be restored nor kept aside: saving
 * over it is allowed now, and the current state is saved.
 */
export function allowOverwrite(): void {
  if (!disabledUntilDiscarded) return;
  disabledUntilDiscarded = false;
  disabledReason = undefined;
  markDirty();
}

function blocked(): boolean {
  return disabledReason !== undefined || holds.size > 0 || conflict !== undefined;
}

/** The page-hide copy encoder (delta, compression): fetched on the first edit, not at start-up. */
let encoder: typeof import('./copy-encoder.ts') | undefined;
let writerLoading: Promise<void> | undefined;

/** Resolves once the copy encoder is loaded (or failed to load); starts loading it if needed. */
export function copyWriterLoaded(): Promise<void> {
  writerLoading ??= import('./copy-encoder.ts').then(
    (module) => {
      encoder = module;
    },
    () => {
      // Not downloaded (offline after a deploy): plain copies still work for documents that fit.
    },
  );
  return writerLoading;
}

function markDirty(): void {
  dirty = true;
  if (blocked()) return;
  void copyWriterLoaded();
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
  lastSavedAt = Math.max(Date.now(), lastSavedAt + 1);
  // `revision` is counted again in the write's transaction (storage.ts): here it is a guess.
  return { ...keptFields, version: ENVELOPE_VERSION, savedAt: lastSavedAt, revision: writer.base + 1, writer: writer.id, ...savedSession(useAppStore.getState()) };
}

async function save(): Promise<void> {
  if (!dirty || blocked()) return;
  dirty = false;
  const envelope = snapshot();
  inFlight.add(envelope);
  try {
    const check = await writeSavedChecked(envelope, writer);
    if (!check.ok) {
      dirty = true;
      await enterConflict(check.stored);
      return;
    }
    writer.base = Math.max(writer.base, check.revision);
    channel?.postMessage({ writer: writer.id, revision: check.revision } satisfies SavedMessage);
    // IndexedDB commits writes in order, so the latest confirmed is the one it holds.
    if (!confirmed || confirmed.savedAt < envelope.savedAt) confirmed = envelope;
    clearPagehideCopyIfOlder(envelope.savedAt);
    if (!copyStorageMissing && recoveryStore.getState().copyProblem !== undefined) recoveryStore.setState({ copyProblem: undefined });
    if (!dirty && !blocked()) useAppStore.getState().setSaveStatus({ state: 'saved', at: envelope.savedAt });
  } catch (thrown) {
    dirty = true;
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    if (!blocked()) useAppStore.getState().setSaveStatus({ state: 'failed', message });
  } finally {
    inFlight.delete(envelope);
  }
}

function clearPagehideCopyIfOlder(savedAt: number): void {
  const copyAt = copySavedAt();
  if (copyAt === undefined || (copyAt <= savedAt && ownCopies.has(copyAt))) clearPagehideCopy();
}

/**
 * The page may be about to go away: write synchronously what IndexedDB may not get, as a delta
 * against every envelope IndexedDB may hold (small however large the document), then start the
 * real save.
 */
function flushForPageHide(): void {
  // In a conflict, no copy (it would be restored over the other tab's save): this tab's version
  // goes to its recovery copy instead, as far as IndexedDB gets before the page is gone.
  if (conflict !== undefined && dirty) void keepOwnVersionAside(OWN_KEPT);
  if (blocked() || (!dirty && inFlight.size === 0)) return;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const envelope = dirty ? snapshot() : newest([...inFlight]);
  if (!envelope) return;
  ownCopies.add(envelope.savedAt);
  const bases = [confirmed, ...inFlight].filter((base): base is Envelope => base !== undefined && base !== envelope);
  const failure = encoder ? writeEncodedCopy(encoder, envelope, bases) : writePlainCopy(envelope);
  // The page may live on (a hidden tab): say so until the change is safely in IndexedDB.
  if (failure !== undefined) recoveryStore.setState({ copyProblem: `the emergency copy of your last changes could not be written: ${failure}` });
  if (dirty) void save();
}

/** What a tab tells the others after each save. */
interface SavedMessage {
  writer: string;
  revision: number;
}

/** Another tab saved: look at once (not at this tab's next save) whether it is a conflict. */
function listenToOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<Partial<SavedMessage>>) => {
    const { writer: from, revision } = event.data;
    if (from === writer.id || typeof revision !== 'number' || revision <= writer.base || conflict !== undefined) return;
    void readSaved().then(
      (stored) => (writerOf(stored) !== writer.id && revisionOf(stored) > writer.base ? enterConflict(stored) : undefined),
      () => undefined, // Unreadable now: the check at this tab's next save still applies.
    );
  };
}

/**
 * Another tab saved `stored` since this tab read: stop saving here and ask. When this tab has
 * changes of its own not yet saved, its version is kept as a recovery copy at once, so that
 * closing the tab before choosing loses nothing. (A tab without any only shows what it last saved,
 * which the other tab's save replaced knowingly: no copy of it.)
 */
async function enterConflict(stored: unknown): Promise<void> {
  if (conflict !== undefined) {
    conflict.stored = stored;
    return;
  }
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  conflict = { stored, copyId: `${writer.id}:${++conflicts}` };
  const other = migrate(stored);
  const savedAt = isRecord(stored) && typeof stored.savedAt === 'number' ? stored.savedAt : 0;
  recoveryStore.setState({ conflict: { otherSavedAt: savedAt, otherUnreadable: other.ok ? undefined : other.message } });
  useAppStore.getState().setSaveStatus({ state: 'unavailable', message: CONFLICT_STATUS });
  if (dirty) await keepOwnVersionAside(OWN_KEPT);
}

const OWN_KEPT = 'This tab’s version, kept when another tab saved the same conversation.';
const CONFLICT_STATUS = 'Not saved: another tab saved this conversation. Choose which version to keep.';

/** This tab's version into its conflict's recovery copy; says so when IndexedDB refuses. */
async function keepOwnVersionAside(reason: string): Promise<boolean> {
  if (!conflict) return false;
  try {
    await keepRecoveryCopy({ id: conflict.copyId, keptAt: Date.now(), reason, envelope: snapshot() });
    return true;
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `This tab’s version could not be kept as a recovery copy (${thrown instanceof Error ? thrown.message : String(thrown)}). Export it to keep it.` });
    return false;
  }
}

/**
 * The person's choice in a conflict with another tab. `mine`: this tab's version is saved over
 * the other's, which becomes the recovery copy. `other`: the other tab's version is shown here
 * and this tab's stays the recovery copy. The copy is written first: if it cannot be, nothing is
 * overwritten (in the store or in IndexedDB).
 */
export async function resolveConflict(keep: 'mine' | 'other'): Promise<void> {
  const current = conflict;
  if (!current) return;
  const store = useAppStore.getState();
  if (keep === 'mine') {
    try {
      const when = isRecord(current.stored) && typeof current.stored.savedAt === 'number' ? ` (saved ${new Date(current.stored.savedAt).toLocaleString()})` : '';
      await keepRecoveryCopy({ id: current.copyId, keptAt: Date.now(), reason: `The other tab’s version${when}, replaced by this tab’s.`, envelope: current.stored });
    } catch (thrown) {
      store.showNotice({ tone: 'error', title: `The other tab’s version could not be kept as a recovery copy (${thrown instanceof Error ? thrown.message : String(thrown)}), so it was not replaced.` });
      return;
    }
    writer.base = revisionOf(current.stored);
    conflict = undefined;
    recoveryStore.setState({ conflict: undefined });
    dirty = true;
    store.setSaveStatus({ state: 'unsaved' });
    await save();
    return;
  }
  const other = migrate(current.stored);
  if (!other.ok) return;
  if (dirty && !(await keepOwnVersionAside('This tab’s version, replaced by the other tab’s.'))) return;
  const { session, kept } = splitEnvelope(other.envelope);
  conflict = undefined;
  keptFields = kept;
  writer.base = revisionOf(current.stored);
  confirmed = other.envelope;
  lastSavedAt = Math.max(lastSavedAt, other.envelope.savedAt);
  useAppStore.setState(session);
  // What was just put in the store is what is saved: not a change to save (that would be a write
  // over the other tab's, which would then see a conflict of its own).
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  dirty = false;
  recoveryStore.setState({ conflict: undefined });
  store.setSaveStatus(blocked() ? { state: 'unavailable', message: `Not saved: ${disabledReason ?? holds.values().next().value ?? ''}` } : { state: 'saved', at: other.envelope.savedAt });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function writeEncodedCopy(copyEncoder: typeof import('./copy-encoder.ts'), envelope: Envelope, bases: Envelope[]): string | undefined {
  let encoded: ReturnType<typeof copyEncoder.encodeCopy>;
  try {
    encoded = copyEncoder.encodeCopy(envelope, bases);
  } catch (thrown) {
    return markLost(envelope.savedAt, `it could not be encoded (${thrown instanceof Error ? thrown.message : String(thrown)})`);
  }
  return writeCopyText(envelope.savedAt, encoded.encoding, encoded.body);
}

function newest(envelopes: Envelope[]): Envelope | undefined {
  return envelopes.sort((a, b) => b.savedAt - a.savedAt)[0];
}

/** A browser that refuses localStorage refuses every copy: say it once, at start-up, not after a loss. */
function probeCopyStorage(): void {
  const refused = probeLocalStorage();
  if (refused === undefined) return;
  copyStorageMissing = true;
  recoveryStore.setState({ copyProblem: `this browser does not let Parley keep an emergency copy in localStorage (${refused})` });
}
