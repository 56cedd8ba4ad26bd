/**
 * Which opened files are datasets: JSON Lines by name, and `.json` files holding an array whose
 * first element is a conversation by itself (an array of messages is one conversation in some
 * dialects, so the first element decides, not the brackets).
 */
import { chooseDialect } from '../../core/index.ts';

const JSONL_NAME = /\.(jsonl|ndjson)$/i;

export function isJsonLinesName(name: string): boolean {
  return JSONL_NAME.test(name);
}

/** A parsed `.json` value that is an array of records (its first element a conversation in a dialect Parley reads). */
export function isRecordArray(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  return typeof first === 'object' && first !== null && !Array.isArray(first) && chooseDialect(first) !== undefined;
}

/** The head of a file too large to parse whole: whether it starts (after a BOM and white space) with `[`. */
export function startsWithArray(head: string): boolean {
  return /^\uFEFF?\s*\[/.test(head);
}
