/**
 * Streaming index of a JSONL file: fed chunks of bytes at any boundaries (a chunk may end
 * inside a UTF-8 character or between the CR and LF of a CRLF), it records where each line's
 * content starts and ends, how the line ends, and whether it is blank. Only offsets are kept:
 * a line of hundreds of megabytes is never copied; the caller slices the original file.
 *
 * Lines end at LF only (a CR before it makes the terminator CRLF; a lone CR is content, as in
 * JSON Lines). Every line is an entry, blank ones included, so entry i is line i + 1 and the
 * entries tile the file: BOM + each entry's content and terminator = the file, byte for byte.
 */
import { BomGate, hasNonBlank } from './bytes.ts';
import { RecordIndex } from './record-index.ts';

export interface JsonlIndex {
  format: 'jsonl';
  records: RecordIndex;
  /** 3 when the file starts with a UTF-8 BOM (not part of the first record), else 0. */
  bomLength: number;
  /** Bytes in the file. */
  size: number;
}

const LF = 0x0a;
const CR = 0x0d;

export class JsonlIndexer {
  /** The entries found so far; readable while indexing (e.g. to show the first record early). */
  readonly records = new RecordIndex();
  private readonly gate = new BomGate();
  private started = false;
  /** Absolute offset of the next byte to scan. */
  private offset = 0;
  private lineStart = 0;
  private lastWasCR = false;
  /** The current line has a byte that is not blank in a chunk already scanned. */
  private lineHasContent = false;
  private done = false;

  /** Bytes received so far (progress). */
  get bytesSeen(): number {
    return this.offset + this.gate.held;
  }

  get bomLength(): number {
    return this.gate.bom;
  }

  push(chunk: Uint8Array): void {
    if (this.done) throw new Error('JsonlIndexer: push after finish');
    const bytes = this.gate.push(chunk);
    if (bytes) this.scanFrom(bytes);
  }

  finish(): JsonlIndex {
    if (!this.done) {
      const rest = this.gate.flush();
      if (rest) this.scanFrom(rest);
      if (this.offset > this.lineStart) this.records.append(this.lineStart, this.offset, 'none', !this.lineHasContent);
      this.done = true;
    }
    return { format: 'jsonl', records: this.records, bomLength: this.gate.bom, size: this.offset };
  }

  /** Scans bytes the BOM gate let through; the first ones start the first line after a BOM. */
  private scanFrom(bytes: Uint8Array): void {
    if (!this.started) {
      this.started = true;
      this.lineStart = this.gate.bom;
    }
    this.scan(bytes);
  }

  private scan(chunk: Uint8Array): void {
    const base = this.offset;
    const records = this.records;
    // Where the current line's not-yet-checked bytes begin in this chunk (blank detection).
    let unchecked = Math.max(0, this.lineStart - base);
    let from = 0;
    for (;;) {
      const lf = chunk.indexOf(LF, from);
      if (lf === -1) break;
      const absolute = base + lf;
      const crBefore = lf > 0 ? chunk[lf - 1] === CR : this.lastWasCR;
      const crlf = crBefore && absolute - 1 >= this.lineStart;
      const end = crlf ? absolute - 1 : absolute;
      const hasContent = this.lineHasContent || hasNonBlank(chunk, unchecked, end - base);
      records.append(this.lineStart, end, crlf ? 'crlf' : 'lf', !hasContent);
      this.lineStart = absolute + 1;
      this.lineHasContent = false;
      from = lf + 1;
      unchecked = from;
    }
    if (!this.lineHasContent) this.lineHasContent = hasNonBlank(chunk, unchecked, chunk.length);
    if (chunk.length > 0) this.lastWasCR = chunk[chunk.length - 1] === CR;
    this.offset = base + chunk.length;
  }
}

/** Indexes a whole JSONL file held in memory (tests, the command line, small files). */
export function indexJsonl(bytes: Uint8Array): JsonlIndex {
  const indexer = new JsonlIndexer();
  indexer.push(bytes);
  return indexer.finish();
}
