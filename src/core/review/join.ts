/**
 * The parts of a split joined back: the original file byte for byte, plus what each part's
 * reviewer changed (edited, deleted or inserted records), merged as a three-way merge whose base
 * is the original and whose sides are the parts (jsonl-merge.ts): a record of the overlap that
 * two reviewers changed differently is a conflict by field, like any merge. Each part is
 * compared with the part as the split wrote it (rebuilt from the original and the manifest), so
 * the reviewer's changes are found whatever else the part holds. The original's BOM and final
 * newline stay (a part's own are the split's, not a reviewer's choice).
 *
 * The parts' review files are joined too: every entry is moved to its record's line in the
 * joined file and given that record's fingerprint there (so that the joined review file and the
 * agreement over it name one version of each record), then merged with the original's review
 * file (review-merge.ts).
 */
import type { ReviewEntry } from './entry.ts';
import { datasetRecordKeys, type RecordKey } from './fingerprint.ts';
import { commonLines, sideChanges, type SideChanges } from './align.ts';
import { lineKeys, verifiedPairs } from './line-keys.ts';
import { jsonlFile, mergeJsonl, type JsonlMerge, type LinesFile } from './jsonl-merge.ts';
import { matchReviewEntries } from './match.ts';
import { mergeReviewFiles, type ReviewMerge } from './review-merge.ts';
import { sha256Hex } from './sha256.ts';
import { MAX_SPLIT_PARTS, splitPartBytes, relocateEntry, type SplitManifest } from './split.ts';

export interface JoinPart {
  name: string;
  bytes: Uint8Array;
  /** The original line of each of the part's lines as the split wrote it (the manifest's). */
  lines: readonly number[];
  review?: readonly ReviewEntry[];
}

export interface UnplacedEntry {
  /** The part's name, or the original's review. */
  from: string;
  entry: ReviewEntry;
}

export interface JoinResult {
  merge: JsonlMerge;
  review: ReviewMerge;
  /** Review entries whose record is not in the joined file (deleted), or that match no record. */
  unplaced: UnplacedEntry[];
}

/** Why the original cannot be the split's source, or undefined. */
export function joinSourceProblem(manifest: SplitManifest, original: Uint8Array): string | undefined {
  if (original.length !== manifest.size || sha256Hex(original) !== manifest.sha256) return `it is not the file that was split (${manifest.source}, ${manifest.size} bytes): it changed since, or it is another file`;
  return undefined;
}

export function joinJsonl(original: Uint8Array, parts: readonly JoinPart[], originalReview: readonly ReviewEntry[] = []): JoinResult {
  const base = jsonlFile(original);
  const baseCount = base.index.records.count;
  const sides = parts.map((part) => {
    for (const line of part.lines) if (!Number.isInteger(line) || line < 1 || line > baseCount) throw new RangeError(`${part.name}: the manifest names line ${line}, which the original does not have`);
    const now = jsonlFile(part.bytes);
    const { changes, keptAt, baseOf } = partChanges(base, part.lines, now);
    return { name: part.name, file: now, changes, keptAt, trailer: false, baseOf };
  });
  const merge = mergeJsonl(base, sides);
  const unplaced: UnplacedEntry[] = [];
  const anyReview = originalReview.length > 0 || parts.some((part) => (part.review?.length ?? 0) > 0);
  if (!anyReview) return { merge, review: { entries: [], conflicts: [] }, unplaced };
  // Fingerprints cost a SHA-256 of every record: only when there are review entries to place.
  const joined = jsonlFile(merge.bytes);
  const joinedKeys = new Map(datasetRecordKeys(joined.bytes, joined.index).map((key) => [(key as { line: number }).line, key.fingerprint]));

  /** `unchanged(record)`: the record is as the split wrote it, so an entry with another fingerprint is not about it (its own record was deleted). */
  const place = (from: string, entries: readonly ReviewEntry[], records: readonly RecordKey[], outputLine: (record: number) => number, unchanged: (record: number) => boolean = () => false): ReviewEntry[] => {
    const out: ReviewEntry[] = [];
    const matching = matchReviewEntries(entries, records);
    for (const e of matching.unmatched) unplaced.push({ from, entry: entries[e] as ReviewEntry });
    for (const match of matching.matches) {
      const entry = entries[match.entry] as ReviewEntry;
      const line = outputLine(match.record);
      const fingerprint = joinedKeys.get(line);
      if (line === 0 || fingerprint === undefined || (match.by === 'line' && unchanged(match.record))) unplaced.push({ from, entry });
      else out.push(relocateEntry(entry, line, fingerprint));
    }
    return out;
  };

  const baseKeys = datasetRecordKeys(base.bytes, base.index);
  const baseReview = place('the original\'s review', originalReview, baseKeys, (r) => merge.baseOutputLines[lineIndex(baseKeys[r])] as number);
  const partReviews = parts.map((part, p) => {
    const side = sides[p] as (typeof sides)[number];
    const keys = datasetRecordKeys(side.file.bytes, side.file.index);
    const kept = new Set(side.keptAt.filter((j) => j >= 0));
    const placed = place(
      part.name,
      part.review ?? [],
      keys,
      (r) => {
        const j = lineIndex(keys[r]);
        const own = (merge.sideOutputLines[p] as Int32Array)[j] as number;
        if (own !== 0) return own;
        const b = side.baseOf[j] as number;
        return b >= 0 ? (merge.baseOutputLines[b] as number) : 0;
      },
      (r) => kept.has(lineIndex(keys[r])),
    );
    // A part speaks only for its own records: the original's entries on the others are as they were, not removed.
    const covered = new Set(part.lines.map((line) => merge.baseOutputLines[line - 1] as number));
    return [...placed, ...baseReview.filter((entry) => !covered.has((entry as { line: number }).line))];
  });
  const review = mergeReviewFiles({ entries: baseReview }, partReviews.map((entries) => ({ entries })));
  return { merge, review, unplaced };
}

function lineIndex(key: RecordKey | undefined): number {
  return key && 'line' in key ? key.line - 1 : -1;
}

/** A part's changes in the original's lines: from the part as the split wrote it to the part now. */
function partChanges(base: LinesFile, lines: readonly number[], now: LinesFile): { changes: SideChanges; keptAt: Int32Array; baseOf: Int32Array } {
  const written = jsonlFile(splitPartBytes(base, lines));
  const writtenKeys = lineKeys(written);
  const nowKeys = lineKeys(now);
  const common = verifiedPairs(commonLines(writtenKeys, nowKeys), written, now);
  const local = sideChanges(writtenKeys.length, nowKeys.length, common);
  const toBase = (k: number): number => (lines[k] as number) - 1;
  const changes: SideChanges = { edited: new Map(), deleted: new Set(), inserted: new Map() };
  const keptAt = new Int32Array(base.index.records.count).fill(-1);
  const baseOf = new Int32Array(nowKeys.length).fill(-1);
  for (const [k, j] of common) {
    keptAt[toBase(k)] = j;
    baseOf[j] = toBase(k);
  }
  for (const [k, j] of local.edited) {
    changes.edited.set(toBase(k), j);
    baseOf[j] = toBase(k);
  }
  for (const k of local.deleted) changes.deleted.add(toBase(k));
  for (const [k, run] of local.inserted) {
    // Before the part's first line: after the original line before it (or at the end of an empty part).
    const after = k === -1 ? (lines[0] ?? base.index.records.count + 1) - 2 : toBase(k);
    changes.inserted.set(after, [...(changes.inserted.get(after) ?? []), ...run]);
  }
  return { changes, keptAt, baseOf };
}

/** A split manifest from its JSON text, or the reason it is not one. */
export function parseSplitManifest(text: string): SplitManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  const m = value as Partial<SplitManifest> | null;
  if (typeof m !== 'object' || m === null || m.version !== 1) return 'not a split manifest of this version ("version": 1)';
  if (typeof m.source !== 'string' || typeof m.size !== 'number' || typeof m.sha256 !== 'string') return 'the manifest lacks "source", "size" or "sha256"';
  if (!Array.isArray(m.parts) || m.parts.length === 0 || m.parts.length > MAX_SPLIT_PARTS) return `"parts" must list 1 to ${MAX_SPLIT_PARTS} parts`;
  for (const [p, part] of m.parts.entries()) {
    if (typeof part?.file !== 'string' || !Array.isArray(part.lines) || !part.lines.every((line) => Number.isSafeInteger(line) && line >= 1)) return `part ${p + 1} needs "file" and "lines" (line numbers from 1)`;
  }
  return m as SplitManifest;
}
