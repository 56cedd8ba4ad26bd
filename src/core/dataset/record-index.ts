/**
 * The index of a dataset file: where each record's bytes are, never the bytes themselves. A
 * record of a JSONL file is one line (its content without the terminator); of a `.json` array
 * file, one top-level element. Offsets are kept in growing typed arrays (Float64Array: exact
 * integers up to 2^53, so files beyond 4 GB are safe), 17 bytes per record, so that 100,000 or
 * 10 million records cost little memory and no garbage.
 */

/** How a JSONL line ends: `lf` (`\n`), `crlf` (`\r\n`), or `none` (a last line with no newline). */
export type Terminator = 'none' | 'lf' | 'crlf';

const TERMINATORS: readonly Terminator[] = ['none', 'lf', 'crlf'];
const TERMINATOR_BYTES: Record<Terminator, number> = { none: 0, lf: 1, crlf: 2 };
const TERMINATOR_MASK = 0b11;
const BLANK_FLAG = 0b100;

/** One record as the index knows it. `start`/`end` are byte offsets in the file (end exclusive). */
export interface RecordSpan {
  start: number;
  end: number;
  /** The line terminator after the content (always `none` for a JSON array element). */
  terminator: Terminator;
  /** Byte offset just past the terminator: `end` plus 0, 1 or 2. */
  next: number;
  /** The content is empty or only spaces, tabs and carriage returns: not a record, kept for rewriting. */
  blank: boolean;
}

/** Byte length of a terminator. */
export function terminatorLength(terminator: Terminator): number {
  return TERMINATOR_BYTES[terminator];
}

/** The bytes a terminator stands for, as text. */
export function terminatorText(terminator: Terminator): string {
  return terminator === 'crlf' ? '\r\n' : terminator === 'lf' ? '\n' : '';
}

const INITIAL_CAPACITY = 1024;

/**
 * The index as plain typed arrays of exactly `count` items: what a Web Worker posts to the page
 * (transfer the three buffers: no copy) and `RecordIndex.fromData` takes back.
 */
export interface RecordIndexData {
  count: number;
  starts: Float64Array;
  ends: Float64Array;
  flags: Uint8Array;
}

/** A growing, append-only list of record spans. */
export class RecordIndex {
  private starts: Float64Array = new Float64Array(INITIAL_CAPACITY);
  private ends: Float64Array = new Float64Array(INITIAL_CAPACITY);
  private flags: Uint8Array = new Uint8Array(INITIAL_CAPACITY);
  private size = 0;
  private lfCount = 0;
  private crlfCount = 0;

  static fromData(data: RecordIndexData): RecordIndex {
    const { count, starts, ends, flags } = data;
    if (starts.length < count || ends.length < count || flags.length < count) throw new RangeError('RecordIndex.fromData: arrays shorter than count');
    const index = new RecordIndex();
    index.starts = starts;
    index.ends = ends;
    index.flags = flags;
    index.size = count;
    for (let i = 0; i < count; i++) {
      const terminator = (flags[i] as number) & TERMINATOR_MASK;
      if (terminator === TERMINATOR_BYTES.lf) index.lfCount++;
      else if (terminator === TERMINATOR_BYTES.crlf) index.crlfCount++;
    }
    return index;
  }

  /** Copies of the first `count` items (the index stays usable; the copies can be transferred). */
  toData(): RecordIndexData {
    return { count: this.size, starts: this.starts.slice(0, this.size), ends: this.ends.slice(0, this.size), flags: this.flags.slice(0, this.size) };
  }

  /** Number of records (blank lines included). */
  get count(): number {
    return this.size;
  }

  append(start: number, end: number, terminator: Terminator, blank: boolean): void {
    if (this.size === this.starts.length) this.grow();
    const i = this.size++;
    this.starts[i] = start;
    this.ends[i] = end;
    this.flags[i] = TERMINATOR_BYTES[terminator] | (blank ? BLANK_FLAG : 0);
    if (terminator === 'lf') this.lfCount++;
    else if (terminator === 'crlf') this.crlfCount++;
  }

  start(i: number): number {
    this.check(i);
    return this.starts[i] as number;
  }

  end(i: number): number {
    this.check(i);
    return this.ends[i] as number;
  }

  terminator(i: number): Terminator {
    this.check(i);
    return TERMINATORS[(this.flags[i] as number) & TERMINATOR_MASK] as Terminator;
  }

  /** Byte offset just past record i's terminator. */
  next(i: number): number {
    return this.end(i) + ((this.flags[i] as number) & TERMINATOR_MASK);
  }

  blank(i: number): boolean {
    this.check(i);
    return ((this.flags[i] as number) & BLANK_FLAG) !== 0;
  }

  span(i: number): RecordSpan {
    return { start: this.start(i), end: this.end(i), terminator: this.terminator(i), next: this.next(i), blank: this.blank(i) };
  }

  /**
   * The terminator most lines use, for lines the writer creates: CRLF only when strictly more
   * lines end in CRLF than in LF (a file with no terminator at all gets LF).
   */
  dominantTerminator(): Exclude<Terminator, 'none'> {
    return this.crlfCount > this.lfCount ? 'crlf' : 'lf';
  }

  /** Bytes held by the index (its typed arrays, capacity included). */
  get memoryBytes(): number {
    return this.starts.byteLength + this.ends.byteLength + this.flags.byteLength;
  }

  private check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.size) throw new RangeError(`record ${i} is not in the index (0…${this.size - 1})`);
  }

  private grow(): void {
    const capacity = Math.max(INITIAL_CAPACITY, this.starts.length * 2);
    const starts = new Float64Array(capacity);
    starts.set(this.starts);
    const ends = new Float64Array(capacity);
    ends.set(this.ends);
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.starts = starts;
    this.ends = ends;
    this.flags = flags;
  }
}
