/**
 * Reload into a new version, after saving: the conversation (and the open dataset's work) is
 * written to IndexedDB first, and the new service worker takes over only when that succeeded.
 * A save that fails leaves the page as it is, with the reason, so nothing is lost to an update.
 */

export interface UpdateDeps {
  /** Write the conversation now (persistence/autosave.ts `saveNow`). */
  saveConversation(): Promise<void>;
  /** Write the open dataset's work now, when one is open. */
  saveDataset(): Promise<void>;
  /** After the writes: why the work is not saved, or undefined when it is (or storage cannot be used at all: nothing to wait for). */
  unsavedReason(): string | undefined;
  /** Let the waiting service worker take over; the page reloads when it controls the page. */
  activate(): Promise<void>;
}

export type UpdateOutcome = { applied: true } | { applied: false; reason: string };

export async function applyUpdate(deps: UpdateDeps): Promise<UpdateOutcome> {
  try {
    await deps.saveConversation();
    await deps.saveDataset();
  } catch (thrown) {
    return { applied: false, reason: `your work could not be saved (${thrown instanceof Error ? thrown.message : String(thrown)})` };
  }
  const reason = deps.unsavedReason();
  if (reason !== undefined) return { applied: false, reason };
  await deps.activate();
  return { applied: true };
}
