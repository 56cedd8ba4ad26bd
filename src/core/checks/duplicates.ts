/**
 * Exact duplicate records: a property of a file, not of a record. Two records are duplicates when
 * their text is the same, white space around them aside (the bytes a review file fingerprints,
 * issue 26): what `sort | uniq -d` would call a duplicate line. Listed together in the app, counted
 * by `parley stats` and named in `parley validate`'s summary on stderr, never in a record's own
 * result line (a record's result must not depend on the others: the partition contract of
 * docs/pipelines.md).
 *
 * Not the parsed value re-written: that finds records that differ only inside (`\u00e9` for `é`,
 * spaces after colons) too, but cost as much as a second `JSON.parse` per record and halved
 * `parley validate`'s speed (0.62× to 0.34× of the parse floor, BENCHMARKS.md, issue 21).
 *
 * The key is a 64-bit hash (fingerprint.ts) of that text: across a million records the chance of
 * two different records sharing one is about 3 in 100 million.
 */
import { StreamingHash } from '../dataset/fingerprint.ts';

const utf8 = new TextEncoder();
/**
 * The bytes of the last key, kept for the next one: a pass over a dataset keys every record, and
 * a new array each time was as much garbage again as the record's text (two checking workers
 * at once made the browser's peak memory grow). Grown as needed, never shrunk.
 */
let scratch = new Uint8Array(64 * 1024);

/** JSON's white space (RFC 8259): space, tab, line feed, carriage return. `trim()` would also take U+FEFF, which is content. */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * A record's text as duplicates compare it: without the JSON white space around it. A scan from
 * each end, not a regular expression: `/[ \t\r\n]+$/` is tried at every position of the line, and
 * took a sixth of `parley validate`'s time on 30 KB records.
 */
export function duplicateText(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isJsonSpace(text.charCodeAt(start))) start++;
  while (end > start && isJsonSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** The duplicate key of a record's text: equal for records with the same text. */
export function contentKey(text: string): string {
  const compared = duplicateText(text);
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < compared.length * 3) scratch = new Uint8Array(compared.length * 3);
  const { written } = utf8.encodeInto(compared, scratch);
  const hash = new StreamingHash();
  hash.update(scratch.subarray(0, written));
  return hash.digest();
}

/** Collects records by content key; the groups of two or more are the duplicates. */
export class DuplicateFinder<Id = number> {
  private readonly byKey = new Map<string, Id[]>();

  add(id: Id, key: string): void {
    const ids = this.byKey.get(key);
    if (ids) ids.push(id);
    else this.byKey.set(key, [id]);
  }

  /** Each group of duplicates (ids in the order added), groups in the order of their first record. */
  groups(): Id[][] {
    const out: Id[][] = [];
    for (const ids of this.byKey.values()) if (ids.length > 1) out.push(ids);
    return out;
  }

  /** Records that repeat an earlier one (a group of n counts n − 1). */
  repeats(): number {
    let count = 0;
    for (const ids of this.byKey.values()) count += ids.length - 1;
    return count;
  }
}
