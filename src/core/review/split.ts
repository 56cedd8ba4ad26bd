/**
 * Assignments: a JSON Lines dataset split into N parts for N reviewers, with an overlap (a share
 * of the records given to every part) on which their agreement can be measured. Each record
 * (a non-blank line) goes to one part, by ranges (the records in order, cut into N runs of
 * near-equal size) or by a stable hash of the record (its fingerprint: the same record goes to
 * the same part in another split of a grown file); the overlap is the share of records whose
 * fingerprints are lowest (a stable choice spread over the whole file). A part holds its lines
 * in the file's order, each with its original bytes and terminator (a last line without newline
 * gets the file's dominant terminator), after the file's BOM if it has one. Blank lines belong to
 * no part: `joinJsonl` puts them back. What `joinJsonl` needs, the original line of each part's
 * line, is the split's manifest (`<name>.parts.json`).
 */
import { terminatorText } from '../dataset/record-index.ts';
import { locatorNumber, type ReviewEntry } from './entry.ts';
import { datasetRecordKeys } from './fingerprint.ts';
import type { LinesFile } from './jsonl-merge.ts';
import { matchReviewEntries } from './match.ts';
import { sha256Hex } from './sha256.ts';

/** More parts than reviewers anyone coordinates by files; raise it here if a team needs more. */
export const MAX_SPLIT_PARTS = 100;

export type SplitBy = 'range' | 'hash';

export interface SplitOptions {
  parts: number;
  by: SplitBy;
  /** Share of the records (0 to 1) given to every part. */
  overlap: number;
}

export interface SplitManifest {
  version: 1;
  /** The original file's name, size and SHA-256: join refuses another file. */
  source: string;
  size: number;
  sha256: string;
  by: SplitBy;
  overlap: number;
  parts: { file: string; lines: number[] }[];
  /** Original lines given to every part. */
  overlapLines: number[];
}

export interface SplitPart {
  bytes: Uint8Array;
  /** The original 1-based line of each of the part's lines. */
  lines: number[];
  /** The original review's entries on the part's records, at their lines in the part. */
  review: ReviewEntry[];
}

export interface SplitResult {
  parts: SplitPart[];
  overlapLines: number[];
  /** Indices of original review entries that match no record (left out of every part). */
  unmatchedReview: number[];
}

/** A reason the options cannot be used, or undefined. */
export function splitOptionsProblem(options: SplitOptions): string | undefined {
  if (!Number.isInteger(options.parts) || options.parts < 1 || options.parts > MAX_SPLIT_PARTS) return `the number of parts must be a whole number from 1 to ${MAX_SPLIT_PARTS}`;
  if (!(options.overlap >= 0 && options.overlap <= 1)) return 'the overlap must be a share from 0 to 1 (10% is 0.1)';
  return undefined;
}

/** A number from the hex digits [from, from + 13) of a fingerprint (52 bits: exact in a double). */
function hexNumber(fingerprint: string, from: number): number {
  return parseInt(fingerprint.slice(from, from + 13), 16);
}

export function splitJsonl(file: LinesFile, options: SplitOptions, review: readonly ReviewEntry[] = []): SplitResult {
  const problem = splitOptionsProblem(options);
  if (problem) throw new RangeError(problem);
  const keys = datasetRecordKeys(file.bytes, file.index);
  const lineOf = keys.map((key) => ('line' in key ? key.line : 0));
  const overlapCount = Math.round(options.overlap * keys.length);
  const byHash = keys.map((_, k) => k).sort((a, b) => hexNumber((keys[a] as { fingerprint: string }).fingerprint, 0) - hexNumber((keys[b] as { fingerprint: string }).fingerprint, 0) || a - b);
  const inOverlap = new Set(byHash.slice(0, overlapCount));
  const rest = keys.map((_, k) => k).filter((k) => !inOverlap.has(k));
  const partOf = new Int32Array(keys.length).fill(-1);
  rest.forEach((k, i) => {
    partOf[k] = options.by === 'range' ? Math.floor((i * options.parts) / rest.length) : hexNumber((keys[k] as { fingerprint: string }).fingerprint, 13) % options.parts;
  });
  const partLines: number[][] = Array.from({ length: options.parts }, () => []);
  keys.forEach((_, k) => {
    if (inOverlap.has(k)) for (const lines of partLines) lines.push(lineOf[k] as number);
    else (partLines[partOf[k] as number] as number[]).push(lineOf[k] as number);
  });
  // Review entries follow their records into every part that has them.
  const matching = matchReviewEntries(review, keys);
  const entriesAt = new Map<number, ReviewEntry[]>();
  for (const match of matching.matches) {
    const line = lineOf[match.record] as number;
    const list = entriesAt.get(line) ?? [];
    list.push(review[match.entry] as ReviewEntry);
    entriesAt.set(line, list);
  }
  const parts = partLines.map((lines): SplitPart => {
    const partReview: ReviewEntry[] = [];
    lines.forEach((line, j) => {
      for (const entry of entriesAt.get(line) ?? []) partReview.push(relocateEntry(entry, j + 1));
    });
    return { bytes: splitPartBytes(file, lines), lines, review: partReview.sort((a, b) => locatorNumber(a) - locatorNumber(b)) };
  });
  return { parts, overlapLines: [...inOverlap].map((k) => lineOf[k] as number).sort((a, b) => a - b), unmatchedReview: matching.unmatched };
}

/** The entry at another line (a JSONL line locator replaces whatever it had). */
export function relocateEntry(entry: ReviewEntry, line: number, fingerprint = entry.fingerprint): ReviewEntry {
  const { line: _line, row: _row, ...rest } = entry as ReviewEntry & { line?: number; row?: number };
  void _line;
  void _row;
  return { ...rest, line, fingerprint };
}

/** A part's bytes: the BOM if any, then the given original lines, each with its terminator. */
export function splitPartBytes(file: LinesFile, lines: readonly number[]): Uint8Array {
  const { records, bomLength } = file.index;
  const dominant = new TextEncoder().encode(terminatorText(records.dominantTerminator()));
  let size = bomLength;
  for (const line of lines) size += records.next(line - 1) - records.start(line - 1) + (records.terminator(line - 1) === 'none' ? dominant.length : 0);
  const out = new Uint8Array(size);
  out.set(file.bytes.subarray(0, bomLength), 0);
  let at = bomLength;
  for (const line of lines) {
    const i = line - 1;
    const piece = file.bytes.subarray(records.start(i), records.next(i));
    out.set(piece, at);
    at += piece.length;
    if (records.terminator(i) === 'none') {
      out.set(dominant, at);
      at += dominant.length;
    }
  }
  return out;
}

/** The manifest of a split, for `joinJsonl`. */
export function splitManifest(source: string, file: LinesFile, options: SplitOptions, result: SplitResult, partFiles: readonly string[]): SplitManifest {
  return {
    version: 1,
    source,
    size: file.bytes.length,
    sha256: sha256Hex(file.bytes),
    by: options.by,
    overlap: options.overlap,
    parts: result.parts.map((part, p) => ({ file: partFiles[p] as string, lines: part.lines })),
    overlapLines: result.overlapLines,
  };
}
