/**
 * `parley review`: team review work as files, for CI and scripts (core/review/):
 *   merge BASE A B [-o OUT]         three-way merge of two reviewers' edited datasets or review files
 *   agreement FILE FILE… [--json]   how far reviewers agree (percent, kappa), and where they differ
 *   split FILE --parts N …          assignments: N parts with a shared overlap, and a manifest
 *   join MANIFEST -o OUT            the parts back into the original plus their edits
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  agreementJson,
  conflictText,
  joinJsonl,
  joinSourceProblem,
  jsonlFile,
  mergeJsonl,
  mergeReviewFiles,
  parseReviewFile,
  parseSplitManifest,
  reviewAgreement,
  reviewConflictText,
  serializeReviewFile,
  splitJsonl,
  splitManifest,
  splitOptionsProblem,
  locatorText,
  MAX_SPLIT_PARTS,
  type AgreementMeasure,
  type AgreementReport,
  type ReviewFile,
  type SplitBy,
} from '../../core/index.ts';
import { parseArgs, stringFlag, type FlagSpec } from '../args.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { readFailure, writeErr, writeOut } from '../io.ts';

export const REVIEW_HELP = `Usage: parley review SUBCOMMAND [options] FILES

Review work as files that travel with the dataset (see docs/review.md):

  parley review merge BASE A B [-o OUT]
      Three-way merge of two edited copies A and B of BASE (JSON Lines), by field: what one
      side changed is taken; a field both changed differently is a conflict, written on
      stderr with its lines, keeping BASE's value. Review files (*.review.jsonl) are merged
      the same way (statuses by reviewer, labels, comments joined). Writes OUT, or stdout.
  parley review agreement FILE FILE… [--json]
      Agreement of the reviewers of these review files (a file's entries without a
      "reviewer" are the file's): over the records every reviewer gave a status, percent
      and kappa (Cohen's for two reviewers, Fleiss' for more; null where undefined), per
      status and per label, and the lines where they differ. --json writes
      {"records", "compared", "status": {"agreement", "kappa"}, "labels": {…}, "disagreements": [line, …]}.
  parley review split FILE --parts N [--by range|hash] [--overlap SHARE] [--out-dir DIR] [--review FILE]
      Writes N parts DIR/NAME.partK.jsonl, each with its review file NAME.partK.review.jsonl
      (entries of FILE's review file on its records), and the manifest NAME.parts.json.
      --by range (default): the records in order, cut into N runs; --by hash: by a stable
      hash of each record. --overlap: a share of the records given to every part (0.1 or
      10%; default 0). --review: FILE's review file (default NAME.review.jsonl beside it).
  parley review join MANIFEST -o OUT
      The split's original (named in MANIFEST, beside it) byte for byte, plus each part's
      edits, as OUT; the parts' review files joined as OUT's review file. A record two
      parts changed differently is a conflict, as for merge.

Exit codes: 0 done; 1 conflicts (merge, join); 2 bad input (file, flag, manifest).`;

const OUT_FLAGS: FlagSpec[] = [
  { flag: '-o', takesValue: true, valueName: 'OUT' },
  { flag: '--output', takesValue: true, valueName: 'OUT' },
];

export async function reviewCommand(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'merge':
      return mergeCommand(rest);
    case 'agreement':
      return agreementCommand(rest);
    case 'split':
      return splitCommand(rest);
    case 'join':
      return joinCommand(rest);
    default:
      throw new CliError(`review: ${sub === undefined ? 'a subcommand is needed' : `unknown subcommand ${JSON.stringify(sub)}`} (merge, agreement, split, join; see parley review --help)`);
  }
}

async function readBytes(file: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw new CliError(`review ${what}: cannot read ${file}: ${readFailure(error)}`);
  }
}

/** A dataset to merge, split or join: JSON Lines only (a JSON array's lines are not its records). */
async function readJsonl(file: string, what: string): Promise<Uint8Array> {
  const bytes = await readBytes(file, what);
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] === 0x5b) throw new CliError(`review ${what}: ${file} is a JSON array; review ${what} works on JSON Lines (parley convert writes a JSON array's records as JSON Lines)`);
  return bytes;
}

async function writeBytes(file: string, bytes: Uint8Array | string, what: string): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (error) {
    throw new CliError(`review ${what}: cannot write ${file}: ${readFailure(error)}`);
  }
}

const utf8 = new TextDecoder('utf-8');

/** A review file read, its bad lines said on stderr (they are kept by the merge: nothing lost). */
async function readReviewFile(file: string, what: string): Promise<ReviewFile> {
  const review = parseReviewFile(utf8.decode(await readBytes(file, what)));
  for (const problem of review.problems) writeErr(`WARN ${file}:${problem.fileLine}: not a review entry: ${problem.message}`);
  return review;
}

function isReviewFileName(file: string): boolean {
  return file.endsWith('.review.jsonl');
}

function outFile(args: ReturnType<typeof parseArgs>): string | undefined {
  const short = stringFlag(args, '-o');
  const long = stringFlag(args, '--output');
  if (short !== undefined && long !== undefined) throw new CliError('review: give -o or --output, not both');
  return short ?? long;
}

async function mergeCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, [...OUT_FLAGS, { flag: '--review', takesValue: false }], 'review merge');
  if (args.positionals.length !== 3) throw new CliError(`review merge: expected BASE A B, got ${args.positionals.length} file(s)`);
  const [basePath, aPath, bPath] = args.positionals as [string, string, string];
  const out = outFile(args);
  const names = [aPath, bPath];
  const named = args.positionals.filter(isReviewFileName).length;
  if (named > 0 && named < 3 && !args.flags.has('--review')) throw new CliError('review merge: give three datasets or three review files (*.review.jsonl), not a mix');
  const reviews = args.flags.has('--review') || named === 3;
  if (reviews) {
    const [base, a, b] = await Promise.all([basePath, aPath, bPath].map((file) => readReviewFile(file, 'merge')));
    const merged = mergeReviewFiles(base, [a as ReviewFile, b as ReviewFile]);
    // Bad lines are kept, each text once (a copy of the base's bad line in A and B is one line).
    const kept = [base, a, b].flatMap((file) => (file as ReviewFile).problems).filter((problem, i, all) => all.findIndex((p) => p.text === problem.text) === i);
    const text = serializeReviewFile(merged.entries, { keep: kept });
    for (const conflict of merged.conflicts) writeErr(`CONFLICT ${reviewConflictText(conflict, names)}`);
    if (out === undefined) await writeOut(text);
    else await writeBytes(out, text, 'merge');
    return merged.conflicts.length > 0 ? EXIT_ERRORS : EXIT_OK;
  }
  const [base, a, b] = await Promise.all([basePath, aPath, bPath].map((file) => readJsonl(file, 'merge')));
  const merged = mergeJsonl(jsonlFile(base as Uint8Array), [
    { name: aPath, file: jsonlFile(a as Uint8Array) },
    { name: bPath, file: jsonlFile(b as Uint8Array) },
  ]);
  for (const conflict of merged.conflicts) writeErr(`CONFLICT ${conflictText(conflict, names)}`);
  if (merged.conflicts.length > 0) writeErr(`${merged.conflicts.length} conflict(s): the base's value is kept there; resolve them in Parley (Merge) or edit ${out ?? 'the output'}`);
  if (out === undefined) await writeOut(merged.bytes);
  else await writeBytes(out, merged.bytes, 'merge');
  return merged.conflicts.length > 0 ? EXIT_ERRORS : EXIT_OK;
}

async function agreementCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, [{ flag: '--json', takesValue: false }], 'review agreement');
  if (args.positionals.length < 1) throw new CliError('review agreement: expected review files (two reviewers\' at least, or one merged file with their names)');
  const files = await Promise.all(args.positionals.map(async (file) => ({ name: basename(file), entries: (await readReviewFile(file, 'agreement')).entries })));
  let report: AgreementReport;
  try {
    report = reviewAgreement(files);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(`review agreement: ${error.message}`);
    throw error;
  }
  if (args.flags.has('--json')) {
    await writeOut(`${JSON.stringify(agreementJson(report))}\n`);
    return EXIT_OK;
  }
  const lines = [
    `Reviewers: ${report.reviewers.join(', ')}`,
    `Records: ${report.records} rated, ${report.compared} rated by every reviewer (compared)`,
    `Kappa: ${report.reviewers.length === 2 ? "Cohen's" : "Fleiss'"}`,
    `status    ${measureText(report.status)}`,
    ...Object.entries(report.labels).map(([label, measure]) => `label ${JSON.stringify(label)}  ${measureText(measure)}`),
    `Disagreements: ${report.disagreements.length}`,
    ...report.disagreements.map((d) => `  ${locatorText(d.entries[0] as (typeof d.entries)[number])}: ${d.status ? `status ${d.entries.map((e) => e.status).join(' / ')}` : ''}${d.status && d.labels.length > 0 ? '; ' : ''}${d.labels.length > 0 ? `labels ${d.labels.join(', ')}` : ''}`),
  ];
  await writeOut(lines.join('\n') + '\n');
  return EXIT_OK;
}

function measureText(measure: AgreementMeasure): string {
  const percent = measure.agreement === null ? 'n/a' : `${measure.agreement.toFixed(1)}%`;
  const kappa = measure.kappa === null ? 'undefined' : measure.kappa.toFixed(3);
  return `agreement ${percent}, kappa ${kappa}`;
}

/** `0.1` or `10%`. */
function shareOf(text: string): number {
  const percent = text.endsWith('%');
  const value = Number(percent ? text.slice(0, -1) : text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new CliError(`review split: --overlap takes a share (0.1) or a percent (10%), got ${JSON.stringify(text)}`);
  return percent ? value / 100 : value;
}

/** `data.jsonl` → `data`. */
function stemOf(file: string): string {
  return basename(file).replace(/\.jsonl$/i, '');
}

async function splitCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(
    argv,
    [
      { flag: '--parts', takesValue: true, valueName: 'N', count: { min: 1, max: MAX_SPLIT_PARTS } },
      { flag: '--by', takesValue: true, valueName: 'range|hash' },
      { flag: '--overlap', takesValue: true, valueName: 'SHARE' },
      { flag: '--out-dir', takesValue: true, valueName: 'DIR' },
      { flag: '--review', takesValue: true, valueName: 'FILE' },
    ],
    'review split',
  );
  if (args.positionals.length !== 1) throw new CliError(`review split: expected one dataset file, got ${args.positionals.length}`);
  const file = args.positionals[0] as string;
  const partsText = stringFlag(args, '--parts');
  if (partsText === undefined) throw new CliError('review split: --parts N is needed');
  const by = stringFlag(args, '--by') ?? 'range';
  if (by !== 'range' && by !== 'hash') throw new CliError(`review split: --by takes range or hash, got ${JSON.stringify(by)}`);
  const options = { parts: Number(partsText), by: by as SplitBy, overlap: shareOf(stringFlag(args, '--overlap') ?? '0') };
  const problem = splitOptionsProblem(options);
  if (problem) throw new CliError(`review split: ${problem}`);
  const stem = stemOf(file);
  const reviewPath = stringFlag(args, '--review') ?? join(dirname(file), `${stem}.review.jsonl`);
  const reviewGiven = args.flags.has('--review');
  const review = await readOptionalReview(reviewPath, reviewGiven);
  const data = jsonlFile(await readJsonl(file, 'split'));
  const result = splitJsonl(data, options, review);
  const dir = stringFlag(args, '--out-dir') ?? dirname(file);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new CliError(`review split: cannot make ${dir}: ${readFailure(error)}`);
  }
  const partFiles = result.parts.map((_, p) => `${stem}.part${p + 1}.jsonl`);
  for (const [p, part] of result.parts.entries()) {
    await writeBytes(join(dir, partFiles[p] as string), part.bytes, 'split');
    await writeBytes(join(dir, `${stem}.part${p + 1}.review.jsonl`), serializeReviewFile(part.review), 'split');
  }
  const manifest = splitManifest(basename(file), data, options, result, partFiles);
  const manifestPath = join(dir, `${stem}.parts.json`);
  await writeBytes(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, 'split');
  if (resolve(dir) !== resolve(dirname(file))) writeErr(`NOTE ${manifestPath} names ${basename(file)}: join reads it from ${dir}, or give --original`);
  writeErr(`${result.parts.length} part(s) of ${result.parts.map((part) => part.lines.length).join(', ')} records, ${result.overlapLines.length} in every part; manifest ${manifestPath}`);
  for (const e of result.unmatchedReview) writeErr(`WARN ${reviewPath}: entry ${e + 1} matches no record of ${file}; left out of the parts`);
  return EXIT_OK;
}

/** A review file's entries; none when it does not exist and was not asked for by name. */
async function readOptionalReview(path: string, required: boolean): Promise<ReviewFile['entries']> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!required && (error as { code?: string }).code === 'ENOENT') return [];
    throw new CliError(`review: cannot read ${path}: ${readFailure(error)}`);
  }
  const review = parseReviewFile(text);
  for (const problem of review.problems) writeErr(`WARN ${path}:${problem.fileLine}: not a review entry: ${problem.message}`);
  return review.entries;
}

async function joinCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, [...OUT_FLAGS, { flag: '--original', takesValue: true, valueName: 'FILE' }], 'review join');
  if (args.positionals.length !== 1) throw new CliError(`review join: expected the split's manifest (NAME.parts.json), got ${args.positionals.length} file(s)`);
  const manifestPath = args.positionals[0] as string;
  const out = outFile(args);
  if (out === undefined) throw new CliError('review join: -o OUT is needed (the joined dataset; its review file is written beside it)');
  const manifest = parseSplitManifest(utf8.decode(await readBytes(manifestPath, 'join')));
  if (typeof manifest === 'string') throw new CliError(`review join: ${manifestPath}: ${manifest}`);
  const dir = dirname(manifestPath);
  const originalPath = stringFlag(args, '--original') ?? join(dir, manifest.source);
  const original = await readBytes(originalPath, 'join');
  const problem = joinSourceProblem(manifest, original);
  if (problem) throw new CliError(`review join: ${originalPath}: ${problem}`);
  const parts = await Promise.all(
    manifest.parts.map(async (part) => {
      const path = join(dir, part.file);
      const reviewPath = join(dir, part.file.replace(/\.jsonl$/i, '') + '.review.jsonl');
      return { name: part.file, bytes: await readBytes(path, 'join'), lines: part.lines, review: await readOptionalReview(reviewPath, false) };
    }),
  );
  const originalReview = await readOptionalReview(join(dirname(originalPath), `${stemOf(originalPath)}.review.jsonl`), false);
  let joined: ReturnType<typeof joinJsonl>;
  try {
    joined = joinJsonl(original, parts, originalReview);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(`review join: ${manifestPath}: ${error.message}`);
    throw error;
  }
  const names = parts.map((part) => part.name);
  for (const conflict of joined.merge.conflicts) writeErr(`CONFLICT ${conflictText(conflict, names)}`);
  for (const conflict of joined.review.conflicts) writeErr(`CONFLICT ${reviewConflictText(conflict, names)}`);
  for (const { from, entry } of joined.unplaced) writeErr(`WARN ${from}: the review entry on ${locatorText(entry)} has no record in the joined file (deleted); left out`);
  const reviewOut = join(dirname(out), `${stemOf(out)}.review.jsonl`);
  await writeBytes(out, joined.merge.bytes, 'join');
  await writeBytes(reviewOut, serializeReviewFile(joined.review.entries), 'join');
  const conflicts = joined.merge.conflicts.length + joined.review.conflicts.length;
  writeErr(`joined ${parts.length} part(s) into ${out} and ${reviewOut}${conflicts > 0 ? `; ${conflicts} conflict(s)` : ''}`);
  return conflicts > 0 ? EXIT_ERRORS : EXIT_OK;
}
