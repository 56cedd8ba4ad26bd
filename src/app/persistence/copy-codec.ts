/**
 * Compression of the page-hide copy: JSON → deflate (fflate, synchronous: `pagehide` cannot
 * await) → 15 bits per UTF-16 character. localStorage counts characters, not bytes (Chromium
 * allows about 5.2 million per origin, whatever the characters), so base64 (6 bits a character)
 * would waste most of it; 15 bits keep every character in U+1000–U+8FFF, far from surrogates and
 * control characters, which some browsers do not store faithfully.
 *
 * Loaded lazily (fflate is not part of start-up): page-hide-copy.ts writes plain JSON until it is.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

const BITS = 15;
const MASK = (1 << BITS) - 1;
/** First character used: the packed text stays in ordinary printable BMP characters. */
const OFFSET = 0x1000;
/** Characters passed to String.fromCharCode at once (more overflows the argument stack). */
const CHUNK = 0x4000;
/**
 * Fastest deflate level: the copy is written while the page is going away, and for chat JSON
 * level 1 is within 2 % of level 6 in size (measured on 12 MB of chat text: 4.01 vs 3.94 MB).
 */
const LEVEL = 1;

/** `<byte length>:<packed bytes>` */
export function packText(text: string): string {
  const bytes = deflateSync(strToU8(text), { level: LEVEL });
  const units = new Uint16Array(Math.ceil((bytes.length * 8) / BITS));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    if (bits >= BITS) {
      bits -= BITS;
      units[out++] = OFFSET + ((buffer >>> bits) & MASK);
      buffer &= (1 << bits) - 1;
    }
  }
  if (bits > 0) units[out++] = OFFSET + ((buffer << (BITS - bits)) & MASK);
  let packed = '';
  for (let i = 0; i < out; i += CHUNK) packed += String.fromCharCode(...units.subarray(i, Math.min(out, i + CHUNK)));
  return `${bytes.length}:${packed}`;
}

/** Inverse of `packText`; throws on damaged input (the caller reports it). */
export function unpackText(packed: string): string {
  const colon = packed.indexOf(':');
  const length = Number(packed.slice(0, colon));
  if (colon < 1 || !Number.isSafeInteger(length)) throw new Error('the copy has no length');
  const bytes = new Uint8Array(length);
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (let i = colon + 1; i < packed.length && out < length; i++) {
    const unit = packed.charCodeAt(i) - OFFSET;
    if (unit < 0 || unit > MASK) throw new Error('the copy is damaged');
    buffer = (buffer << BITS) | unit;
    bits += BITS;
    while (bits >= 8 && out < length) {
      bits -= 8;
      bytes[out++] = (buffer >>> bits) & 0xff;
    }
    buffer &= (1 << bits) - 1;
  }
  if (out < length) throw new Error('the copy is cut off');
  return strFromU8(inflateSync(bytes));
}
