/**
 * `<name>.review.jsonl`: one review entry per line (entry.ts). Reading never throws: a line that
 * is not a valid entry becomes a problem that names the line and what is wrong, and keeps the
 * line's text, so that writing the file back (`keep`) loses nothing. Unknown keys of an entry
 * and of a comment are kept in their order and written after the known ones.
 */
import { isReviewStatus, REVIEW_STATUSES, type ExtraKeys, type ReviewComment, type ReviewEntry, type ReviewLocator } from './entry.ts';

/** A line of a review file that is not a valid entry. */
export interface ReviewFileProblem {
  /** 1-based line of the review file. */
  fileLine: number;
  /** The line as it was (without its terminator), written back by `serializeReviewFile` with `keep`. */
  text: string;
  message: string;
}

export interface ReviewFile {
  entries: ReviewEntry[];
  /** 1-based line of the review file each entry came from (parallel to `entries`). */
  fileLines: number[];
  problems: ReviewFileProblem[];
}

const ENTRY_KEYS = new Set(['line', 'row', 'fingerprint', 'status', 'labels', 'comments', 'reviewer', 'time', 'guidelines']);
const COMMENT_KEYS = new Set(['author', 'time', 'text', 'resolved', 'message']);
const FINGERPRINT = /^[0-9a-f]{64}$/i;

class EntryError extends Error {}

export function parseReviewFile(text: string): ReviewFile {
  const file: ReviewFile = { entries: [], fileLines: [], problems: [] };
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const result = parseReviewEntry(line);
    if (typeof result === 'string') file.problems.push({ fileLine: i + 1, text: line, message: result });
    else {
      file.entries.push(result);
      file.fileLines.push(i + 1);
    }
  });
  return file;
}

/** One line of a review file as an entry, or the reason it is not one. */
export function parseReviewEntry(line: string): ReviewEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  try {
    return toEntry(value);
  } catch (error) {
    if (error instanceof EntryError) return error.message;
    throw error;
  }
}

function toEntry(value: unknown): ReviewEntry {
  const object = asObject(value, 'an entry');
  const fingerprint = object.fingerprint;
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) throw new EntryError('"fingerprint" must be a SHA-256 as 64 hex digits');
  const status = object.status;
  if (status !== undefined && status !== null && !isReviewStatus(status)) throw new EntryError(`"status" must be one of ${REVIEW_STATUSES.join(', ')} (got ${JSON.stringify(status)})`);
  const entry: ReviewEntry = {
    ...locator(object),
    fingerprint: fingerprint.toLowerCase(),
    ...(isReviewStatus(status) ? { status } : {}),
    labels: labels(object.labels),
    comments: comments(object.comments),
    ...optionalString(object, 'reviewer'),
    ...optionalString(object, 'time'),
    ...optionalString(object, 'guidelines'),
  };
  const extra = extraKeys(object, ENTRY_KEYS);
  return extra ? { ...entry, extra } : entry;
}

function locator(object: Record<string, unknown>): ReviewLocator {
  const { line, row } = object;
  if (line !== undefined && row !== undefined) throw new EntryError('an entry has "line" or "row", not both');
  if (line !== undefined) {
    if (!Number.isSafeInteger(line) || (line as number) < 1) throw new EntryError('"line" must be a whole number from 1');
    return { line: line as number };
  }
  if (row !== undefined) {
    if (!Number.isSafeInteger(row) || (row as number) < 0) throw new EntryError('"row" must be a whole number from 0');
    return { row: row as number };
  }
  throw new EntryError('an entry needs "line" (a JSONL or JSON file) or "row" (a Parquet file)');
}

function labels(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((label) => typeof label === 'string')) throw new EntryError('"labels" must be a list of strings');
  return value as string[];
}

function comments(value: unknown): ReviewComment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new EntryError('"comments" must be a list');
  return value.map((item, i) => comment(item, i + 1));
}

function comment(value: unknown, n: number): ReviewComment {
  const object = asObject(value, `comment ${n}`);
  for (const key of ['author', 'time', 'text'] as const) {
    if (typeof object[key] !== 'string') throw new EntryError(`comment ${n}: "${key}" must be a string`);
  }
  const resolved = object.resolved ?? false;
  if (typeof resolved !== 'boolean') throw new EntryError(`comment ${n}: "resolved" must be true or false`);
  const message = object.message;
  if (message !== undefined && (!Number.isSafeInteger(message) || (message as number) < 0)) throw new EntryError(`comment ${n}: "message" must be a message index from 0`);
  const result: ReviewComment = {
    author: object.author as string,
    time: object.time as string,
    text: object.text as string,
    resolved,
    ...(message !== undefined ? { message: message as number } : {}),
  };
  const extra = extraKeys(object, COMMENT_KEYS);
  return extra ? { ...result, extra } : result;
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EntryError(`${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

function optionalString(object: Record<string, unknown>, key: 'reviewer' | 'time' | 'guidelines'): Partial<Record<typeof key, string>> {
  const value = object[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'string') throw new EntryError(`"${key}" must be a string`);
  return { [key]: value };
}

function extraKeys(object: Record<string, unknown>, known: ReadonlySet<string>): ExtraKeys | undefined {
  const extra = Object.entries(object).filter(([key]) => !known.has(key));
  // fromEntries makes own properties, even for a key named "__proto__".
  return extra.length > 0 ? Object.fromEntries(extra) : undefined;
}

/** An entry as one line of a review file (no terminator): known keys in a fixed order, then the unknown ones. */
export function serializeReviewEntry(entry: ReviewEntry): string {
  const pairs: [string, unknown][] = [];
  if ('line' in entry) pairs.push(['line', entry.line]);
  else pairs.push(['row', entry.row]);
  pairs.push(['fingerprint', entry.fingerprint]);
  if (entry.status !== undefined) pairs.push(['status', entry.status]);
  pairs.push(['labels', entry.labels]);
  pairs.push(['comments', entry.comments.map(commentObject)]);
  if (entry.reviewer !== undefined) pairs.push(['reviewer', entry.reviewer]);
  if (entry.time !== undefined) pairs.push(['time', entry.time]);
  if (entry.guidelines !== undefined) pairs.push(['guidelines', entry.guidelines]);
  pairs.push(...unknownPairs(entry.extra, ENTRY_KEYS));
  return JSON.stringify(Object.fromEntries(pairs));
}

function commentObject(comment: ReviewComment): Record<string, unknown> {
  const pairs: [string, unknown][] = [
    ['author', comment.author],
    ['time', comment.time],
    ['text', comment.text],
    ['resolved', comment.resolved],
  ];
  if (comment.message !== undefined) pairs.push(['message', comment.message]);
  pairs.push(...unknownPairs(comment.extra, COMMENT_KEYS));
  return Object.fromEntries(pairs);
}

/** Unknown keys; one that shadows a known key is dropped (the known field is the truth). */
function unknownPairs(extra: ExtraKeys | undefined, known: ReadonlySet<string>): [string, unknown][] {
  return extra ? Object.entries(extra).filter(([key]) => !known.has(key)) : [];
}

export interface SerializeReviewOptions {
  /** Lines that were not valid entries, written back unchanged after the entries (nothing read is lost). */
  keep?: readonly ReviewFileProblem[];
}

/** The text of a review file: one line per entry, each ending with LF. */
export function serializeReviewFile(entries: readonly ReviewEntry[], options: SerializeReviewOptions = {}): string {
  const lines = entries.map(serializeReviewEntry);
  for (const problem of options.keep ?? []) lines.push(problem.text);
  return lines.map((line) => line + '\n').join('');
}
