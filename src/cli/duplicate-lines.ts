/**
 * Exact duplicate records of a JSON Lines run (core/checks/duplicates.ts: the same text, white
 * space around it aside), named by line in the summary on stderr: "line 12 = line 5". A property
 * of the file, never of a record's result line (the partition contract, docs/pipelines.md): a
 * run over one part of a split file finds the duplicates within that part only.
 *
 * The run otherwise holds constant memory, so the keys are kept compactly: a table of 12 bytes
 * a slot (the key's 64 bits and the line of its first record), at most three quarters full:
 * 16 to 32 bytes a distinct record (and half as much again while the table doubles).
 */
import * as crypto from 'node:crypto';
import { duplicateText } from '../core/index.ts';
import { countText } from './count-text.ts';

/**
 * The duplicate key of a line: two lines get the same key exactly when core's `contentKey` says
 * they are duplicates (the same text, white space around it aside: `duplicateText`), hashed by
 * Node's native SHA-1 instead of core's JavaScript hash (which took 45 % of `validate --rules`'
 * time); its first 64 bits, as contentKey's. The key never leaves the run, so it need not equal
 * contentKey's.
 */
export function lineContentKey(text: string): string {
  const compared = duplicateText(text);
  return (oneShotHash === undefined ? crypto.createHash('sha1').update(compared).digest('hex') : oneShotHash('sha1', compared, 'hex')).slice(0, 16);
}

/**
 * Node's one-call hash (Node 20.12 and later; the package accepts Node 20.0): the same digest
 * without a Hash object per record.
 */
const oneShotHash = (crypto as { hash?: typeof crypto.hash }).hash;

/**
 * The most distinct records remembered: the table then has 2^22 slots, 48 MiB (a file of
 * two million records is some gigabytes). A record after
 * that is still matched against the ones remembered, but not remembered itself (the summary
 * says so). Raise it here for larger files (the table doubles past each power of two).
 */
export const MAX_REMEMBERED_RECORDS = 2_000_000;

/** Slots in the table at first (grows by doubling, kept at most three quarters full). */
const FIRST_SLOTS = 1 << 12;

export class DuplicateLines {
  /** Per slot: the key's two 32-bit halves. */
  private keys = new Uint32Array(2 * FIRST_SLOTS);
  /** Per slot: the 1-based line of the first record with that key; 0: an empty slot. */
  private lines = new Uint32Array(FIRST_SLOTS);
  private remembered = 0;
  private full = false;
  /** Records that repeat an earlier one. */
  private repeats = 0;
  /** The first repeats, as [line, line it repeats], up to the names limit. */
  private readonly named: [number, number][] = [];

  /** `nameLimit`: how many repeats the summary names (`--notes`), the rest are counted. */
  constructor(
    private readonly nameLimit: number,
    private readonly maxRemembered = MAX_REMEMBERED_RECORDS,
  ) {}

  /** The record at `line` (1-based, in input order) has the content key `key` (16 hex digits). */
  add(line: number, key: string): void {
    const high = Number.parseInt(key.slice(0, 8), 16) >>> 0;
    const low = Number.parseInt(key.slice(8, 16), 16) >>> 0;
    const slot = this.find(high, low);
    const first = this.lines[slot] as number;
    if (first !== 0) {
      this.repeats += 1;
      if (this.named.length < this.nameLimit) this.named.push([line, first]);
      return;
    }
    // A line number past 32 bits cannot be kept; such a file has more records than are remembered anyway.
    if (this.remembered >= this.maxRemembered || line > 0xffffffff) {
      this.full = true;
      return;
    }
    this.keys[2 * slot] = high;
    this.keys[2 * slot + 1] = low;
    this.lines[slot] = line;
    this.remembered += 1;
    if (4 * this.remembered > 3 * this.lines.length) this.grow();
  }

  /** The summary line, or undefined when no record repeats another. */
  summary(command: string): string | undefined {
    if (this.repeats === 0) return undefined;
    const what = `${command}: ${countText(this.repeats)} duplicate record${this.repeats === 1 ? '' : 's'} (the same text as an earlier line)`;
    const limit = this.full ? `; only the first ${countText(this.maxRemembered)} distinct records were remembered` : '';
    if (this.named.length === 0) return `${what}; --notes all names ${this.repeats === 1 ? 'it' : 'them'}${limit}`;
    const names = this.named.map(([line, first]) => `line ${line} = line ${first}`).join(', ');
    const more = this.repeats - this.named.length;
    return `${what}: ${names}${more > 0 ? `, and ${countText(more)} more (--notes all names every one)` : ''}${limit}`;
  }

  /** The slot of the key: where it is, else the empty slot where it goes (linear probing). */
  private find(high: number, low: number): number {
    const mask = this.lines.length - 1;
    let slot = (high ^ Math.imul(low, 0x9e3779b1)) & mask;
    while (this.lines[slot] !== 0 && (this.keys[2 * slot] !== high || this.keys[2 * slot + 1] !== low)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { keys, lines } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.lines = new Uint32Array(lines.length * 2);
    for (let slot = 0; slot < lines.length; slot++) {
      const line = lines[slot] as number;
      if (line === 0) continue;
      const high = keys[2 * slot] as number;
      const low = keys[2 * slot + 1] as number;
      const to = this.find(high, low);
      this.keys[2 * to] = high;
      this.keys[2 * to + 1] = low;
      this.lines[to] = line;
    }
  }
}
