/**
 * A Parquet text value written straight as a JSON string in UTF-8 bytes: the bytes of
 * `JSON.stringify(parquetValueToJson(bytes))`, without making that text.
 *
 * Why: read as strings, then written as JSON text and encoded, a row group cost three copies
 * of every text value, a string for each (a decoder call apiece) and their garbage. Here the
 * bytes of valid UTF-8 are copied from the page into the line with JSON's escapes, and nothing
 * else is made.
 *
 * The equality with `JSON.stringify(parquetValueToJson(bytes))` is the contract (tested):
 * bytes that are not valid UTF-8 take that very path.
 */
import { parquetValueToJson } from './parquet-values.ts';

const UTF8 = new TextEncoder();

/** A growing buffer of bytes, reused from one chunk to the next. */
export class JsonBytes {
  bytes: Uint8Array;
  length = 0;

  constructor(initial = 1 << 16) {
    this.bytes = new Uint8Array(initial);
  }

  /** Room for `more` bytes after `length`. */
  reserve(more: number): void {
    const needed = this.length + more;
    if (needed <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  byte(value: number): void {
    if (this.length === this.bytes.length) this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /**
   * Bytes as they are (a key or a bracket made once, written for every row): a loop, not
   * `set` or `text`, whose view or encoder call per value cost more than the copy of a few bytes.
   */
  raw(value: Uint8Array): void {
    if (this.length + value.length > this.bytes.length) this.reserve(value.length);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < value.length; i++) bytes[at++] = value[i] as number;
    this.length = at;
  }

  /** ASCII or any text, as UTF-8. */
  text(value: string): void {
    this.reserve(value.length * 3);
    this.length += UTF8.encodeInto(value, this.bytes.subarray(this.length)).written;
  }

  /** The bytes written so far (a view: valid until the next write or `clear`). */
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const HEX = '0123456789abcdef';
/** JSON.stringify's short escapes, by code point; the other controls are \u00XX. */
const SHORT_ESCAPES: Record<number, number> = { 0x08: 0x62, 0x09: 0x74, 0x0a: 0x6e, 0x0c: 0x66, 0x0d: 0x72 };

/**
 * The end of the UTF-8 sequence that starts at `at` (its lead byte ≥ 0x80), or -1 when the
 * bytes there are not UTF-8 (the WHATWG decoder's rules: no overlong forms, no surrogates,
 * nothing past U+10FFFF), so that only text the decoder would give back unchanged is copied.
 */
function sequenceEnd(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at] as number;
  let count: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) count = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    count = 2;
    if (lead === 0xe0) low = 0xa0;
    else if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    count = 3;
    if (lead === 0xf0) low = 0x90;
    else if (lead === 0xf4) high = 0x8f;
  } else return -1;
  if (at + count >= end) return -1;
  const second = bytes[at + 1] as number;
  if (second < low || second > high) return -1;
  for (let i = 2; i <= count; i++) {
    const next = bytes[at + i] as number;
    if (next < 0x80 || next > 0xbf) return -1;
  }
  return at + count + 1;
}

/**
 * `text` (UTF-8 bytes) as a JSON string, as JSON.stringify writes the decoded text; false
 * (nothing written) when the bytes are not valid UTF-8.
 */
function writeTextBytes(out: JsonBytes, text: Uint8Array, from = 0, end = text.length): boolean {
  let start = from;
  // The decoder drops a byte-order mark at the start of the text.
  if (end - start >= 3 && text[start] === 0xef && text[start + 1] === 0xbb && text[start + 2] === 0xbf) start += 3;
  const mark = out.length;
  // At most 6 bytes out per byte in (a control as \u00XX), and the quotes.
  out.reserve((end - start) * 6 + 2);
  const bytes = out.bytes;
  let at = out.length;
  bytes[at++] = QUOTE;
  let i = start;
  while (i < end) {
    const byte = text[i] as number;
    if (byte >= 0x80) {
      const next = sequenceEnd(text, i, end);
      if (next === -1) {
        out.length = mark;
        return false;
      }
      while (i < next) bytes[at++] = text[i++] as number;
      continue;
    }
    if (byte === QUOTE || byte === BACKSLASH) {
      bytes[at++] = BACKSLASH;
      bytes[at++] = byte;
    } else if (byte < 0x20) {
      bytes[at++] = BACKSLASH;
      const short = SHORT_ESCAPES[byte];
      if (short !== undefined) bytes[at++] = short;
      else {
        bytes[at++] = 0x75; // u
        bytes[at++] = 0x30;
        bytes[at++] = 0x30;
        bytes[at++] = HEX.charCodeAt(byte >> 4);
        bytes[at++] = HEX.charCodeAt(byte & 15);
      }
    } else bytes[at++] = byte;
    i++;
  }
  bytes[at++] = QUOTE;
  out.length = at;
  return true;
}

/** The text in `bytes[start, end)` (a value's bytes in its page) as a JSON string: `JSON.stringify(parquetValueToJson(those bytes))`. */
export function writeParquetText(out: JsonBytes, bytes: Uint8Array, start: number, end: number): void {
  if (!writeTextBytes(out, bytes, start, end)) out.text(JSON.stringify(parquetValueToJson(bytes.subarray(start, end))));
}
