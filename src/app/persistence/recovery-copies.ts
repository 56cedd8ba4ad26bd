/**
 * Recovery copies: the version of the conversation that was not kept when two tabs saved it
 * (autosave.ts, write-check.ts), kept in IndexedDB until the person opens, downloads or
 * discards it. A copy is added the moment a conflict is seen (this tab's version, so that
 * closing the tab before choosing loses nothing) and replaced by the version not kept once the
 * person chooses.
 */
import { recoveryStore } from './recovery-state.ts';
import { readRecoveryCopies, updateRecoveryCopies } from './storage.ts';

export interface RecoveryCopy {
  /** Unique per conflict (the page's id and a count): a later choice replaces its own copy only. */
  id: string;
  /** When it was kept (Date.now()). */
  keptAt: number;
  /** Whose version it is and why it was kept, as shown to the person. */
  reason: string;
  /** The envelope, as saved (migrate() reads it when opened). */
  envelope: unknown;
}

/** Copies read back from IndexedDB: only well-formed ones (the list itself is untrusted). */
export function toRecoveryCopies(value: unknown): RecoveryCopy[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is RecoveryCopy => {
    const copy = entry as Partial<RecoveryCopy> | null;
    return typeof copy === 'object' && copy !== null && typeof copy.id === 'string' && typeof copy.keptAt === 'number' && typeof copy.reason === 'string' && 'envelope' in copy;
  });
}

/** `copies` with `copy` added, or put in place of the one with its id. */
export function withCopy(copies: readonly RecoveryCopy[], copy: RecoveryCopy): RecoveryCopy[] {
  const at = copies.findIndex((entry) => entry.id === copy.id);
  return at < 0 ? [...copies, copy] : copies.map((entry, i) => (i === at ? copy : entry));
}

export async function loadRecoveryCopies(): Promise<RecoveryCopy[]> {
  try {
    return toRecoveryCopies(await readRecoveryCopies());
  } catch {
    return []; // Unreadable list: nothing to offer (the document itself is not affected).
  }
}

/** Keep `copy` (adding or replacing by id); rejects when IndexedDB refuses, so that the caller overwrites nothing. */
export async function keepRecoveryCopy(copy: RecoveryCopy): Promise<void> {
  const next = await updateRecoveryCopies((stored) => withCopy(toRecoveryCopies(stored), copy));
  recoveryStore.setState({ copies: toRecoveryCopies(next) });
}

/** Remove the copies with these ids (the others, another tab's included, stay). */
export async function dropRecoveryCopies(ids: ReadonlySet<string>): Promise<void> {
  const next = await updateRecoveryCopies((stored) => toRecoveryCopies(stored).filter((copy) => !ids.has(copy.id)));
  recoveryStore.setState({ copies: toRecoveryCopies(next) });
}
