/**
 * Merging reviewers' work in the app (core/review does the merging): the original dataset and
 * the reviewers' edited copies, merged by field (a field both changed differently is a conflict
 * the person resolves: take A, take B, or an edit), and their review files, merged and compared
 * (agreement per status and per label, disagreements listed).
 */
import {
  joinJsonl,
  joinSourceProblem,
  jsonlFile,
  parseSplitManifest,
  mergeJsonl,
  mergeReviewFiles,
  parseReviewFile,
  resolveJsonlMerge,
  reviewAgreement,
  serializeReviewFile,
  type AgreementReport,
  type ConflictResolution,
  type DatasetConflict,
  type JsonlMerge,
  type ReviewEntry,
  type ReviewMerge,
} from '../../../core/index.ts';

export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

/** Review files by their name; everything else given is a dataset. */
export function isReviewFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.review.jsonl');
}

export function mergeDatasets(base: NamedBytes, sides: readonly NamedBytes[]): JsonlMerge {
  return mergeJsonl(jsonlFile(base.bytes), sides.map((side) => ({ name: side.name, file: jsonlFile(side.bytes) })));
}

/** What "take" side `s` means for a conflict: its value at the path, or the record deleted when that side deleted it. */
export function takeSide(conflict: DatasetConflict, s: number): ConflictResolution | undefined {
  // A part of a split that never held the record has nothing to take: not a deletion.
  if (conflict.held[s] === false) return undefined;
  if (conflict.kind === 'deleted' && conflict.sideLines[s] === undefined) return 'delete';
  return { value: conflict.sides[s] };
}

/** Where side `s` has the conflict's record, said after its name: its line, deleted, or not held. */
export function sideWhere(conflict: DatasetConflict, s: number): string {
  const line = conflict.sideLines[s];
  if (line !== undefined) return ` line ${line}`;
  return conflict.held[s] === false ? ' (not in this part)' : ' (deleted)';
}

/** An edit typed for a conflict: JSON, or why it is not. */
export function editedResolution(text: string): ConflictResolution | string {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (thrown) {
    return `Not JSON: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
  }
}

/** The merged dataset with the resolutions given (a conflict without one keeps what the merge wrote). */
export function mergedBytes(merge: JsonlMerge, resolutions: ReadonlyMap<number, ConflictResolution>): Uint8Array {
  return resolveJsonlMerge(merge, resolutions);
}

export interface ReviewsMerged {
  merge: ReviewMerge;
  text: string;
  /** Undefined when fewer than two reviewers gave statuses (with the reason). */
  agreement: AgreementReport | undefined;
  agreementProblem?: string;
  /** Lines of the review files that were not entries, by file. */
  problems: string[];
}

/** The manifest `parley review split` writes (`NAME.parts.json`), by its name. */
export function isManifestName(name: string): boolean {
  return name.toLowerCase().endsWith('.parts.json');
}

const stem = (name: string): string => name.replace(/\.jsonl$/i, '');

/** The agreement over merged entries, or why there is none. */
function agreementOf(entries: readonly ReviewEntry[]): Pick<ReviewsMerged, 'agreement' | 'agreementProblem'> {
  try {
    return { agreement: reviewAgreement([{ name: 'merged', entries }]) };
  } catch (thrown) {
    return { agreement: undefined, agreementProblem: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

/**
 * The parts of a split joined back (core's joinJsonl): the original, the manifest, each part as
 * its reviewer saved it and the part's review file (`<part>.review.jsonl`) when given. A part
 * file not given is joined as the split wrote it (its reviewer changed nothing).
 */
export function joinParts(original: NamedBytes, manifestText: string, files: readonly NamedBytes[]): { merge: JsonlMerge; names: string[]; reviews: ReviewsMerged } {
  const manifest = parseSplitManifest(manifestText);
  if (typeof manifest === 'string') throw new Error(`The manifest cannot be read: ${manifest}`);
  const problem = joinSourceProblem(manifest, original.bytes);
  if (problem) throw new Error(`${original.name} cannot be joined: ${problem}.`);
  const byName = new Map(files.map((file) => [file.name, file]));
  const decoder = new TextDecoder();
  const problems: string[] = [];
  const parts = manifest.parts.map((part) => {
    const given = byName.get(part.file);
    const reviewFile = byName.get(`${stem(part.file)}.review.jsonl`);
    const review = reviewFile ? parseReviewFile(decoder.decode(reviewFile.bytes)) : undefined;
    for (const p of review?.problems ?? []) problems.push(`${reviewFile?.name} line ${p.fileLine}: ${p.message}`);
    return { name: part.file, bytes: given?.bytes ?? new Uint8Array(0), lines: part.lines, ...(review ? { review: review.entries } : {}), given: given !== undefined };
  });
  const missing = parts.filter((part) => !part.given).map((part) => part.name);
  if (missing.length > 0) throw new Error(`Choose every part the manifest names: ${missing.join(', ')} missing.`);
  const joined = joinJsonl(original.bytes, parts);
  for (const { from, entry } of joined.unplaced) problems.push(`${from}: the entry on line ${'line' in entry ? entry.line : entry.row} has no record in the joined file`);
  return { merge: joined.merge, names: parts.map((part) => part.name), reviews: { merge: joined.review, text: serializeReviewFile(joined.review.entries), problems, ...agreementOf(joined.review.entries) } };
}

export function mergeReviews(files: readonly { name: string; text: string }[]): ReviewsMerged {
  const parsed = files.map((file) => ({ name: file.name, file: parseReviewFile(file.text) }));
  const merge = mergeReviewFiles(undefined, parsed.map(({ file }) => ({ entries: file.entries, fileLines: file.fileLines })));
  const problems = parsed.flatMap(({ name, file }) => file.problems.map((p) => `${name} line ${p.fileLine}: ${p.message}`));
  try {
    const agreement = reviewAgreement(parsed.map(({ name, file }) => ({ name, entries: file.entries })));
    return { merge, text: serializeReviewFile(merge.entries), agreement, problems };
  } catch (thrown) {
    return { merge, text: serializeReviewFile(merge.entries), agreement: undefined, agreementProblem: thrown instanceof Error ? thrown.message : String(thrown), problems };
  }
}

/** A kappa or a percent as shown: `0.62`, `—` where undefined. */
export function shownNumber(value: number | null, digits = 2): string {
  return value === null ? '—' : value.toFixed(digits);
}
