/**
 * Streaming scanner of a `.json` file holding one array of records: fed chunks of bytes at
 * any boundaries, it finds the byte range of each top-level element, tracking strings,
 * escapes and nesting across chunks, so that each record can later be sliced and parsed alone.
 * The structure around the records (the brackets, commas, white space) is checked; the inside
 * of a record only as far as strings and brackets go (`JSON.parse` of the record says the rest).
 * A file that is not an array of objects stops the scan with an error at a byte offset, line
 * and column.
 */
import { BomGate } from './bytes.ts';
import { RecordIndex } from './record-index.ts';

export interface DatasetFormatError {
  /** A sentence, with the place at its end: `… at line 3, column 5 (byte 27)`. */
  message: string;
  /** Byte offset in the file. */
  offset: number;
  /** 1-based line, and 1-based column in characters (code points). */
  line: number;
  column: number;
}

export interface JsonArrayIndex {
  format: 'json-array';
  records: RecordIndex;
  bomLength: number;
  size: number;
  /** 1-based line on which each record starts. */
  lines: number[];
  /** Byte offset of the `[` and of the `]` of the array (-1 when not reached). */
  open: number;
  close: number;
  /** Set when the file is not an array of objects; `records` then holds the ones before it. */
  error?: DatasetFormatError;
}

const enum State {
  BeforeArray,
  /** After `[`: a record or `]`. */
  FirstValue,
  /** After `,`: a record. */
  NextValue,
  InRecord,
  AfterValue,
  AfterArray,
  Failed,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

export class JsonArrayScanner {
  readonly records = new RecordIndex();
  readonly lines: number[] = [];
  private readonly gate = new BomGate();
  private started = false;
  private offset = 0;
  private state = State.BeforeArray;
  /** Open brackets of the current record, innermost last: `{` or `[` as bytes. */
  private stack: number[] = [];
  private inString = false;
  private escaped = false;
  private recordStart = 0;
  private line = 1;
  /** Characters before the current byte on its line. */
  private column = 0;
  private open = -1;
  private close = -1;
  private error: DatasetFormatError | undefined;
  private done = false;

  get bytesSeen(): number {
    return this.offset + this.gate.held;
  }

  get failure(): DatasetFormatError | undefined {
    return this.error;
  }

  push(chunk: Uint8Array): void {
    if (this.done) throw new Error('JsonArrayScanner: push after finish');
    const bytes = this.gate.push(chunk);
    if (bytes) this.scanFrom(bytes);
  }

  finish(): JsonArrayIndex {
    if (!this.done) {
      const rest = this.gate.flush();
      if (rest) this.scanFrom(rest);
      this.done = true;
      const where = this.offset;
      switch (this.state) {
        case State.BeforeArray:
          this.fail(where, 'The file is empty: expected a JSON array of records ("[")');
          break;
        case State.FirstValue:
        case State.NextValue:
        case State.AfterValue:
          this.fail(where, 'The file ends inside the array: expected "]"');
          break;
        case State.InRecord:
          this.fail(where, `The file ends inside record ${this.records.count + 1} (it starts at line ${this.lines[this.lines.length - 1] ?? '?'}): ${this.inString ? 'a string' : 'an object or array'} is not closed`);
          break;
        default:
          break;
      }
    }
    const result: JsonArrayIndex = { format: 'json-array', records: this.records, bomLength: this.gate.bom, size: this.offset, lines: this.lines, open: this.open, close: this.close };
    if (this.error) result.error = this.error;
    return result;
  }

  /** Scans bytes the BOM gate let through; the first ones skip the BOM. */
  private scanFrom(bytes: Uint8Array): void {
    if (this.started) return this.scan(bytes);
    this.started = true;
    this.offset = this.gate.bom;
    this.scan(bytes.subarray(this.gate.bom));
  }

  private fail(offset: number, message: string): void {
    this.state = State.Failed;
    this.error = { message: `${message} at line ${this.line}, column ${this.column + 1} (byte ${offset})`, offset, line: this.line, column: this.column + 1 };
  }

  private unexpected(b: number, offset: number, expected: string): void {
    const found = b === LF ? 'a line break' : b < 0x20 ? `the byte 0x${b.toString(16).padStart(2, '0')}` : b >= 0x80 ? 'a non-ASCII character' : `"${String.fromCharCode(b)}"`;
    this.fail(offset, `Expected ${expected} but found ${found}`);
  }

  private scan(chunk: Uint8Array): void {
    const base = this.offset;
    const length = chunk.length;
    let state = this.state;
    let inString = this.inString;
    let escaped = this.escaped;
    let line = this.line;
    let column = this.column;
    const stack = this.stack;
    let i = 0;
    for (; i < length && state !== State.Failed; i++) {
      if (inString && !escaped) {
        // Most bytes of a record are inside strings: skip the plain ones in a tight loop.
        let c = chunk[i] as number;
        while (c !== QUOTE && c !== BACKSLASH && c !== LF) {
          if ((c & 0xc0) !== 0x80) column++;
          if (++i === length) break;
          c = chunk[i] as number;
        }
        if (i === length) break;
      }
      const b = chunk[i] as number;
      if (state === State.InRecord) {
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
        } else if (b === QUOTE) {
          inString = true;
        } else if (b === 0x7b || b === 0x5b) {
          stack.push(b);
        } else if (b === 0x7d || b === 0x5d) {
          const opener = stack.pop();
          if (opener !== (b === 0x7d ? 0x7b : 0x5b)) {
            this.syncPosition(state, inString, escaped, line, column);
            this.fail(base + i, `Record ${this.records.count + 1}: "${String.fromCharCode(b)}" does not close ${opener === 0x7b ? 'the object' : 'the array'} opened before it`);
            state = State.Failed;
            break;
          }
          if (stack.length === 0) {
            this.records.append(this.recordStart, base + i + 1, 'none', false);
            state = State.AfterValue;
          }
        }
      } else if (!isWhitespace(b)) {
        this.syncPosition(state, inString, escaped, line, column);
        state = this.structural(b, base + i, state);
        if (state === State.InRecord) stack.push(b);
      }
      if (b === LF) {
        line++;
        column = 0;
      } else if ((b & 0xc0) !== 0x80) {
        column++;
      }
    }
    if (state !== State.Failed) this.syncPosition(state, inString, escaped, line, column);
    this.offset = base + length;
  }

  private syncPosition(state: State, inString: boolean, escaped: boolean, line: number, column: number): void {
    this.state = state;
    this.inString = inString;
    this.escaped = escaped;
    this.line = line;
    this.column = column;
  }

  /** A non-white-space byte outside any record: the array's own punctuation. */
  private structural(b: number, offset: number, state: State): State {
    switch (state) {
      case State.BeforeArray:
        if (b === 0x5b) {
          this.open = offset;
          return State.FirstValue;
        }
        this.unexpected(b, offset, 'a JSON array of records ("[")');
        return State.Failed;
      case State.FirstValue:
      case State.NextValue:
        if (b === 0x7b) {
          this.recordStart = offset;
          this.lines.push(this.line);
          return State.InRecord;
        }
        if (b === 0x5d && state === State.FirstValue) {
          this.close = offset;
          return State.AfterArray;
        }
        if (b === 0x5d) this.fail(offset, 'A comma before "]" (trailing commas are not JSON)');
        else this.unexpected(b, offset, `record ${this.records.count + 1} to be an object ("{")`);
        return State.Failed;
      case State.AfterValue:
        if (b === 0x2c) return State.NextValue;
        if (b === 0x5d) {
          this.close = offset;
          return State.AfterArray;
        }
        this.unexpected(b, offset, `"," or "]" after record ${this.records.count}`);
        return State.Failed;
      case State.AfterArray:
        this.unexpected(b, offset, 'nothing after the end of the array');
        return State.Failed;
      default:
        return state;
    }
  }
}

/** Scans a whole `.json` file held in memory. */
export function indexJsonArray(bytes: Uint8Array): JsonArrayIndex {
  const scanner = new JsonArrayScanner();
  scanner.push(bytes);
  return scanner.finish();
}
