/**
 * Exact duplicate records: a property of a file, not of a record. Two records are duplicates when
 * their JSON is the same value written the same way apart from white space (the same keys in
 * the same order, the same strings and numbers): `contentKey` of the parsed value. Listed
 * together in the app, counted by `parley stats` and named in `parley validate`'s summary on
 * stderr, never in a record's own result line (a record's result must not depend on the others:
 * the partition contract of docs/pipelines.md).
 *
 * The key is a 64-bit hash (fingerprint.ts) of the value's compact JSON: across a million
 * records the chance of two different records sharing one is about 3 in 100 million.
 */
import { StreamingHash } from '../dataset/fingerprint.ts';
import { stringifyJson } from '../shared/json-stringify.ts';

const utf8 = new TextEncoder();
/**
 * The bytes of the last key, kept for the next one: a pass over a dataset keys every record, and
 * a new array each time was as much garbage again as the record's text (two checking workers
 * at once made the browser's peak memory grow). Grown as needed, never shrunk.
 */
let scratch = new Uint8Array(64 * 1024);

/** The duplicate key of a parsed record: equal for records that differ only in white space. */
export function contentKey(json: unknown): string {
  const text = stringifyJson(json);
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = utf8.encodeInto(text, scratch);
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
