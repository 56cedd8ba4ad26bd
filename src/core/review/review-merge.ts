/**
 * The merge of review files of one dataset (several reviewers', or one reviewer's from two
 * places), with or without the file they started from. Entries are one reviewer's on one record
 * (reviewer, place, fingerprint), so two reviewers' entries never conflict: each is kept
 * ("statuses by reviewer"). For one reviewer's entry changed on several sides:
 * - the status is taken from the side that changed it; changed differently on two sides, it is
 *   a conflict, and the side whose entry is newer (`time`) is taken meanwhile;
 * - labels: every label a side added is added, every label a side removed is removed;
 * - comments are joined, a comment present on several sides written once (same author, time,
 *   message and text); it is resolved when a side resolved it (or reopened when a side did);
 * - time, guidelines and unknown keys: the newest entry's.
 * An entry a side removed is removed, unless another side changed it (a change is not lost).
 */
import { locatorText } from '../dataset/source/types.ts';
import { type ReviewComment, type ReviewEntry, type ReviewStatus } from './entry.ts';
import { serializeReviewEntry } from './review-file.ts';

/** Entries of one review file, with the file line of each when known (for messages). */
export interface ReviewSource {
  entries: readonly ReviewEntry[];
  fileLines?: readonly number[];
}

export interface ReviewMergeConflict {
  reviewer: string;
  /** `line 12` or `row 3`: the record in the dataset. */
  where: string;
  fingerprint: string;
  base: ReviewStatus | undefined;
  /** Each side's status (undefined: no status or no entry). */
  sides: (ReviewStatus | undefined)[];
  /** Each side's review-file line of the entry (undefined: none). */
  fileLines: (number | undefined)[];
  /** The status written meanwhile (the newest entry's). */
  taken: ReviewStatus | undefined;
}

export interface ReviewMerge {
  entries: ReviewEntry[];
  conflicts: ReviewMergeConflict[];
}

function entryKey(entry: ReviewEntry): string {
  return `${entry.reviewer ?? ''}\u0000${locatorText(entry)}\u0000${entry.fingerprint}`;
}

interface Keyed {
  entry: ReviewEntry;
  fileLine: number | undefined;
}

/** Each key's entry (two entries of one key in one file are merged as two sides without base). */
function byKey(source: ReviewSource): Map<string, Keyed> {
  const map = new Map<string, Keyed>();
  source.entries.forEach((entry, i) => {
    const key = entryKey(entry);
    const before = map.get(key);
    const fileLine = source.fileLines?.[i];
    map.set(key, before ? { entry: combine(undefined, [before.entry, entry]).entry, fileLine: before.fileLine } : { entry, fileLine });
  });
  return map;
}

export function mergeReviewFiles(base: ReviewSource | undefined, sides: readonly ReviewSource[]): ReviewMerge {
  const baseMap = base ? byKey(base) : new Map<string, Keyed>();
  const sideMaps = sides.map(byKey);
  const keys = new Set<string>(baseMap.keys());
  for (const map of sideMaps) for (const key of map.keys()) keys.add(key);
  const entries: ReviewEntry[] = [];
  const conflicts: ReviewMergeConflict[] = [];
  for (const key of keys) {
    const before = baseMap.get(key)?.entry;
    const versions = sideMaps.map((map) => map.get(key));
    const changed = versions.filter((v) => !sameEntry(v?.entry, before));
    if (changed.length === 0) {
      if (before) entries.push(before);
      continue;
    }
    const kept = changed.filter((v): v is Keyed => v !== undefined).map((v) => v.entry);
    if (kept.length === 0) continue;
    const { entry, statusConflict } = combine(before, kept);
    entries.push(entry);
    if (statusConflict) {
      conflicts.push({
        reviewer: entry.reviewer ?? '',
        where: locatorText(entry),
        fingerprint: entry.fingerprint,
        base: before?.status,
        sides: versions.map((v) => v?.entry.status),
        fileLines: versions.map((v) => v?.fileLine),
        taken: entry.status,
      });
    }
  }
  return { entries, conflicts };
}

function sameEntry(a: ReviewEntry | undefined, b: ReviewEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return serializeReviewEntry(a) === serializeReviewEntry(b);
}

/** ISO times sort as text; an entry without a time is the oldest. */
function newest(entries: readonly ReviewEntry[]): ReviewEntry {
  return entries.reduce((a, b) => ((b.time ?? '') > (a.time ?? '') ? b : a));
}

/** One entry from the changed versions of one key (and the base, if it had the key). */
function combine(base: ReviewEntry | undefined, versions: readonly ReviewEntry[]): { entry: ReviewEntry; statusConflict: boolean } {
  const latest = newest(versions);
  const statuses = [...new Set(versions.map((v) => v.status).filter((s) => s !== base?.status))];
  const statusConflict = statuses.length > 1;
  const status = statuses.length === 0 ? base?.status : statuses.length === 1 ? statuses[0] : latest.status;
  const { status: _dropped, ...rest } = latest;
  void _dropped;
  return {
    entry: {
      ...rest,
      ...(status !== undefined ? { status } : {}),
      labels: mergeLabels(base?.labels, versions.map((v) => v.labels)),
      comments: mergeComments(base?.comments ?? [], versions.map((v) => v.comments)),
      ...mergedExtra(versions, latest),
    },
    statusConflict,
  };
}

function mergeLabels(base: readonly string[] | undefined, sides: readonly (readonly string[])[]): string[] {
  const before = new Set(base ?? []);
  const removed = new Set(base ? sides.flatMap((labels) => [...before].filter((label) => !labels.includes(label))) : []);
  const out = [...before].filter((label) => !removed.has(label));
  for (const labels of sides) for (const label of labels) if (!before.has(label) && !out.includes(label)) out.push(label);
  return out;
}

function commentKey(comment: ReviewComment): string {
  return JSON.stringify([comment.author, comment.time, comment.message ?? null, comment.text]);
}

function mergeComments(base: readonly ReviewComment[], sides: readonly (readonly ReviewComment[])[]): ReviewComment[] {
  const baseResolved = new Map(base.map((c) => [commentKey(c), c.resolved]));
  const out = new Map<string, ReviewComment>();
  for (const comment of [...base, ...sides.flat()]) {
    const key = commentKey(comment);
    const seen = out.get(key);
    if (!seen) out.set(key, comment);
    else if (seen.resolved !== comment.resolved) {
      // A side changed it from the base's: take the change; a comment new on both sides: resolved if either resolved it.
      const before = baseResolved.get(key);
      out.set(key, { ...seen, resolved: before === undefined ? true : !before });
    }
  }
  return [...out.values()];
}

function mergedExtra(versions: readonly ReviewEntry[], latest: ReviewEntry): Pick<ReviewEntry, 'extra'> {
  // fromEntries, not Object.assign: a key named "__proto__" stays a key. Later pairs win: the newest's last.
  const pairs = [...versions.filter((v) => v !== latest), latest].flatMap((v) => Object.entries(v.extra ?? {}));
  return pairs.length > 0 ? { extra: Object.fromEntries(pairs) } : {};
}

/** A conflict as one line of text, for the command's stderr. */
export function reviewConflictText(conflict: ReviewMergeConflict, sideNames: readonly string[]): string {
  const sides = conflict.sides.map((status, s) => `${sideNames[s] ?? `side ${s + 1}`} ${status ?? '(none)'}${conflict.fileLines[s] !== undefined ? ` (its line ${conflict.fileLines[s]})` : ''}`).join(', ');
  return `${conflict.where}: ${conflict.reviewer || '(no reviewer)'}'s status changed differently: base ${conflict.base ?? '(none)'}, ${sides}; ${conflict.taken ?? '(none)'} taken (newest)`;
}
