/**
 * Which record each review entry is about, after the dataset may have changed since the review:
 * 1. by fingerprint: an entry goes to a record with its fingerprint; among equal records (one
 *    fingerprint, several records) an entry whose line is one of them takes that one, the others
 *    are paired in order (the k-th remaining entry with the k-th remaining record);
 * 2. by line: an entry whose fingerprint is on no free record goes to the record at its line or
 *    row, if that record is not taken (the record was edited where it stood);
 * 3. the rest are unmatched, listed for the person.
 * Each reviewer's entries are matched on their own: in a merged review file two reviewers' entries
 * on one record both match it, and one reviewer's entries never take a record twice.
 */
import { locatorNumber, type ReviewEntry, type ReviewLocator } from './entry.ts';
import type { RecordKey } from './fingerprint.ts';

export interface ReviewMatch {
  /** Index in the entries. */
  entry: number;
  /** Index in the records. */
  record: number;
  by: 'fingerprint' | 'line';
}

export interface ReviewMatching {
  /** In the entries' order. */
  matches: ReviewMatch[];
  /** Indices of the entries that match no record, in order. */
  unmatched: number[];
}

function place(locator: ReviewLocator): string {
  return 'line' in locator ? `l${locator.line}` : `r${locator.row}`;
}

export function matchReviewEntries(entries: readonly ReviewEntry[], records: readonly RecordKey[]): ReviewMatching {
  const byFingerprint = new Map<string, number[]>();
  const byPlace = new Map<string, number[]>();
  records.forEach((record, i) => {
    push(byFingerprint, record.fingerprint, i);
    push(byPlace, place(record), i);
  });
  const byReviewer = new Map<string, number[]>();
  entries.forEach((entry, i) => push(byReviewer, entry.reviewer ?? '', i));

  const matches: ReviewMatch[] = [];
  const unmatched: number[] = [];
  for (const group of byReviewer.values()) {
    const taken = new Set<number>();
    const left = matchByFingerprint(entries, records, group, byFingerprint, byPlace, taken, matches);
    for (const e of left) {
      const record = byPlace.get(place(entries[e] as ReviewEntry))?.find((r) => !taken.has(r));
      if (record === undefined) unmatched.push(e);
      else {
        taken.add(record);
        matches.push({ entry: e, record, by: 'line' });
      }
    }
  }
  matches.sort((a, b) => a.entry - b.entry);
  unmatched.sort((a, b) => a - b);
  return { matches, unmatched };
}

/** Matches one reviewer's entries by fingerprint; returns the entries left (in line order). */
function matchByFingerprint(
  entries: readonly ReviewEntry[],
  records: readonly RecordKey[],
  group: readonly number[],
  byFingerprint: ReadonlyMap<string, number[]>,
  byPlace: ReadonlyMap<string, number[]>,
  taken: Set<number>,
  matches: ReviewMatch[],
): number[] {
  const left: number[] = [];
  const sameFingerprint = new Map<string, number[]>();
  for (const e of group) push(sameFingerprint, (entries[e] as ReviewEntry).fingerprint, e);
  for (const [fingerprint, sameEntries] of sameFingerprint) {
    const candidates = byFingerprint.get(fingerprint) ?? [];
    const ordered = [...sameEntries].sort((a, b) => locatorNumber(entries[a] as ReviewEntry) - locatorNumber(entries[b] as ReviewEntry) || a - b);
    const rest: number[] = [];
    for (const e of ordered) {
      const entry = entries[e] as ReviewEntry;
      const record = byPlace.get(place(entry))?.find((r) => !taken.has(r) && (records[r] as RecordKey).fingerprint === fingerprint);
      if (record === undefined) rest.push(e);
      else {
        taken.add(record);
        matches.push({ entry: e, record, by: 'fingerprint' });
      }
    }
    // One pass over the equal records (a cursor, not a search per entry: thousands of equal records stay linear).
    let next = 0;
    for (const e of rest) {
      while (next < candidates.length && taken.has(candidates[next] as number)) next++;
      const record = candidates[next];
      if (record === undefined) left.push(e);
      else {
        taken.add(record);
        matches.push({ entry: e, record, by: 'fingerprint' });
      }
    }
  }
  return left.sort((a, b) => locatorNumber(entries[a] as ReviewEntry) - locatorNumber(entries[b] as ReviewEntry) || a - b);
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
