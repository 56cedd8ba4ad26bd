/**
 * What the alignment of two JSON Lines files compares: one short key per line, a 64-bit hash of
 * its bytes and of how it ends (CRLF or not; a last line without newline ends as the file's
 * other lines do). Keys keep the alignment to hashing short strings (decoding every line to a
 * string and hashing it is many times slower on a 50 MB file: BENCHMARKS.md); a pair of lines
 * whose keys are equal is then checked byte for byte (`sameLine`), so a collision of the hash
 * can only make a line look changed, never lose a change.
 */
import { StreamingHash } from '../dataset/fingerprint.ts';
import type { LinesFile } from './jsonl-merge.ts';

export function lineKeys(file: LinesFile): string[] {
  const { records } = file.index;
  const dominant = records.dominantTerminator();
  const keys: string[] = [];
  for (let i = 0; i < records.count; i++) {
    const hash = new StreamingHash();
    hash.update(file.bytes.subarray(records.start(i), records.end(i)));
    const terminator = records.terminator(i);
    keys.push(hash.digest() + ((terminator === 'none' ? dominant : terminator) === 'crlf' ? 'r' : 'n'));
  }
  return keys;
}

/** Whether line i of `a` and line j of `b` have the same bytes and end alike (the keys' rule, exactly). */
export function sameLine(a: LinesFile, i: number, b: LinesFile, j: number): boolean {
  const ra = a.index.records;
  const rb = b.index.records;
  const length = ra.end(i) - ra.start(i);
  if (length !== rb.end(j) - rb.start(j) || endsInCrlf(a, i) !== endsInCrlf(b, j)) return false;
  const x = a.bytes.subarray(ra.start(i), ra.end(i));
  const y = b.bytes.subarray(rb.start(j), rb.end(j));
  for (let k = 0; k < length; k++) if (x[k] !== y[k]) return false;
  return true;
}

function endsInCrlf(file: LinesFile, i: number): boolean {
  const records = file.index.records;
  const terminator = records.terminator(i);
  return (terminator === 'none' ? records.dominantTerminator() : terminator) === 'crlf';
}

/** Common pairs of the keys, without any whose lines differ after all (a hash collision). */
export function verifiedPairs(pairs: readonly [number, number][], a: LinesFile, b: LinesFile): [number, number][] {
  return pairs.filter(([i, j]) => sameLine(a, i, b, j));
}
