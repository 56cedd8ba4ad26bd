/**
 * What to do with saved work when a dataset file is opened and its fingerprint is known:
 * - saved work for this very fingerprint is re-attached, and the person is told how much
 *   ("Restored 12 edits and 3 statuses from your last session on data.jsonl");
 * - saved work for a file of the same name but another fingerprint is not applied (its record
 *   numbers would point at other records): the person is told that the file changed and may
 *   discard that work;
 * - a page-hide copy of this file's last changes (the page went away before IndexedDB had them)
 *   is applied on top.
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { formatBytes } from '../../files/limits.ts';
import { applyChanges, countWork, EMPTY_WORK, isEmptyWork, type DatasetWork } from './dataset-work.ts';
import { fingerprintKey, type DatasetMeta, type DatasetStorage } from './dataset-storage.ts';
import { parseCopy, type CopyStore, type DatasetCopy } from './pagehide-copy.ts';

export interface ChangedFile {
  name: string;
  /** The saved versions of that name (newest first): what "Discard" removes. */
  versions: DatasetMeta[];
  edits: number;
  statuses: number;
  /** What the person is told. */
  message: string;
}

export interface RestorePlan {
  /** What the storage holds for this file (empty when nothing). */
  confirmed: DatasetWork;
  /** The work to put into the dataset: the stored one plus the page-hide copy (undefined: nothing saved). */
  work: DatasetWork | undefined;
  /** The work differs from the storage (a page-hide copy was applied): write it. */
  unsaved: boolean;
  /** The stored meta's write counter (write-check.ts): this tab's first write expects it. */
  storedRevision: number;
  /**
   * A page-hide copy whose changes were made on top of another version than the one stored
   * (another tab saved since): not applied over it, to be kept as a recovery copy.
   */
  overtakenCopy: DatasetCopy | undefined;
  /** "Restored 12 edits …", when something was restored. */
  restoredMessage: string | undefined;
  changed: ChangedFile | undefined;
}

export async function planDatasetRestore(storage: DatasetStorage, copy: CopyStore, file: { name: string; fingerprint: FileFingerprint }): Promise<RestorePlan> {
  const key = fingerprintKey(file.fingerprint);
  const [saved, metas] = await Promise.all([storage.read(file.fingerprint), storage.metas()]);
  const confirmed = saved?.work ?? EMPTY_WORK;
  let work = saved?.work;
  let unsaved = false;
  const held = parseCopy(copy.read());
  let overtakenCopy: DatasetCopy | undefined;
  // A copy made on top of another version than the one stored is a version of its own (another
  // tab saved meanwhile), kept aside whether that save is older or newer; otherwise it applies if newer.
  if (held && held.key === key && saved && copyOvertaken(held, saved.meta)) overtakenCopy = held;
  else if (held && held.key === key && held.savedAt >= (saved?.meta.savedAt ?? 0)) {
    work = { ...applyChanges(confirmed, held.changes), current: held.current };
    unsaved = true;
  }
  const restoredMessage = work && !isEmptyWork(work) ? restoredText(file.name, work, saved?.meta.savedAt) : undefined;


  const others = metas.filter((meta) => meta.name === file.name && fingerprintKey(meta) !== key).sort((a, b) => b.savedAt - a.savedAt);
  let changed: ChangedFile | undefined;
  const newest = others[0];
  if (newest) {
    const old = await storage.read(newest);
    const counts = old ? countWork(old.work) : { edits: 0, statuses: 0 };
    if (counts.edits + counts.statuses > 0) changed = { name: file.name, versions: others, ...counts, message: changedText(file, newest, counts) };
  }
  return { confirmed, work, unsaved, overtakenCopy, storedRevision: saved?.meta.revision ?? 0, restoredMessage, changed };
}

/** Were the copy's changes made on top of another version than `stored` (write-check.ts's rule)? Older copies carry no stamp: applied as before. */
export function copyOvertaken(held: DatasetCopy, stored: DatasetMeta): boolean {
  if (held.writer === undefined || held.base === undefined) return false;
  return stored.writer !== held.writer && stored.revision !== held.base;
}

function restoredText(name: string, work: DatasetWork, savedAt: number | undefined): string {
  const { edits, statuses } = countWork(work);
  // Only `edited` statuses (after Save wrote the edits into the file): the marks of what was edited.
  const parts = edits + statuses === 0 ? [plural(work.statuses.size, 'record marked edited', 'records marked edited')] : [...(edits > 0 ? [plural(edits, 'edit')] : []), ...(statuses > 0 ? [plural(statuses, 'status', 'statuses')] : [])];
  const when = savedAt === undefined ? '' : ` (saved ${new Date(savedAt).toLocaleString()})`;
  return `Restored ${parts.join(' and ')} from your last session on ${name}${when}.`;
}

function changedText(file: { name: string; fingerprint: FileFingerprint }, old: DatasetMeta, counts: { edits: number; statuses: number }): string {
  const [was, is] = [formatBytes(old.size), formatBytes(file.fingerprint.size)];
  // Sizes that round alike are given in bytes: "23.3 KB, 23.3 KB now" would read as no change.
  const sizes = was === is ? [exactBytes(old.size), exactBytes(file.fingerprint.size)] : [was, is];
  const how = old.size === file.fingerprint.size ? `it has the same size (${was}) but different content` : `it was ${sizes[0]}, it is ${sizes[1]} now`;
  const what = [plural(counts.edits, 'edit'), ...(counts.statuses > 0 ? [plural(counts.statuses, 'status', 'statuses')] : [])].join(' and ');
  return `${file.name} changed since you last worked on it (${how}, last saved ${new Date(old.savedAt).toLocaleString()}). Its ${what} saved for the old file were not applied: they would land on the wrong records.`;
}

function exactBytes(n: number): string {
  return `${n.toLocaleString('en-US')} bytes`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
