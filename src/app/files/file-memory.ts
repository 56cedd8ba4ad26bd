/**
 * What the person chose for a file, remembered by the file's fingerprint (its size and a hash
 * of its bytes: the same file under another name is the same file; an edited file is a new
 * one): the dialect it is read as, when they chose one with "Read as", and the format it is
 * shown in. Kept in this browser's localStorage (preferences.ts), never in the file, so that
 * re-opening the file gives back what they chose (issue 24: the defaults follow the data and
 * the person, not the app).
 */
import { fingerprintBytes } from '../../core/index.ts';
import { readPreference, writePreference } from '../persistence/preferences.ts';

/**
 * Files remembered at most; the least recently used is forgotten first. An entry is ~80 bytes,
 * so the list stays under 40 KB of localStorage (whose quota is ~5 MB per site, shared with the
 * page-hide copy). Raise it here if people work with more files than this in turn.
 */
export const MAX_REMEMBERED_FILES = 500;

/** The preference key (parley.pref.files). */
const KEY = 'files';

export interface FileChoice {
  /** The dialect chosen with "Read as" for this file. */
  dialect?: string;
  /** The format last shown with this file. */
  format?: string;
}

interface Entry extends FileChoice {
  /** Fingerprint: `size:hash`. */
  file: string;
}

/** The fingerprint of a file's text, as the key of its entry. */
export function fileKey(text: string): string {
  return fingerprintKey(fingerprintBytes(new TextEncoder().encode(text)));
}

/** A fingerprint (a dataset's, computed as it streams) as a key: `size:hash`, the form of `fileKey`. */
export function fingerprintKey({ size, hash }: { size: number; hash: string }): string {
  return `${size}:${hash}`;
}

/** What was chosen for the file, if anything. */
export function recallFile(key: string): FileChoice | undefined {
  const entry = entries().find((candidate) => candidate.file === key);
  if (!entry) return undefined;
  const { file: _file, ...choice } = entry;
  return choice;
}

/** Remember `change` for the file (merged with what was chosen before); it becomes the most recent. */
export function rememberFile(key: string, change: FileChoice): void {
  const all = entries();
  const before = all.find((entry) => entry.file === key);
  const next: Entry = { ...before, ...change, file: key };
  const rest = all.filter((entry) => entry.file !== key);
  writePreference(KEY, JSON.stringify([next, ...rest].slice(0, MAX_REMEMBERED_FILES)));
}

/** The remembered entries, most recent first; a damaged value (edited by hand, another version) is an empty list. */
function entries(): Entry[] {
  const stored = readPreference(KEY);
  if (stored === undefined) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.file === 'string' && (entry.dialect === undefined || typeof entry.dialect === 'string') && (entry.format === undefined || typeof entry.format === 'string');
}
