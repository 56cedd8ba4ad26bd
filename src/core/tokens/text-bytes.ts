/**
 * A text's UTF-8 bytes with, for every byte, the UTF-16 range of the character it belongs to:
 * what turns a token's byte range into the character range `Span`s use.
 */
export interface TextBytes {
  bytes: Uint8Array;
  /** `charStart[b]`: the UTF-16 index of the character byte `b` belongs to; `[length]` = text length. */
  charStart: Int32Array;
  /** `charEnd[b]`: the UTF-16 index just after that character. */
  charEnd: Int32Array;
  /** Byte `b` is the first byte of its character. */
  isCharStart: Uint8Array;
  length: number;
}

export function textBytes(text: string): TextBytes {
  // At most 3 bytes per UTF-16 unit (an astral character: 4 bytes for 2 units).
  const bytes = new Uint8Array(text.length * 3);
  const charStart = new Int32Array(text.length * 3 + 1);
  const charEnd = new Int32Array(text.length * 3 + 1);
  const isCharStart = new Uint8Array(text.length * 3 + 1);
  let n = 0;
  for (let i = 0; i < text.length; ) {
    let code = text.charCodeAt(i);
    let units = 1;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        units = 2;
      }
    }
    if (units === 1 && code >= 0xd800 && code <= 0xdfff) code = 0xfffd; // a lone surrogate: UTF-8 has no such character; encoders write U+FFFD
    const start = n;
    if (code < 0x80) bytes[n++] = code;
    else if (code < 0x800) {
      bytes[n++] = 0xc0 | (code >> 6);
      bytes[n++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      bytes[n++] = 0xe0 | (code >> 12);
      bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[n++] = 0x80 | (code & 0x3f);
    } else {
      bytes[n++] = 0xf0 | (code >> 18);
      bytes[n++] = 0x80 | ((code >> 12) & 0x3f);
      bytes[n++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[n++] = 0x80 | (code & 0x3f);
    }
    isCharStart[start] = 1;
    for (let b = start; b < n; b++) {
      charStart[b] = i;
      charEnd[b] = i + units;
    }
    i += units;
  }
  charStart[n] = text.length;
  charEnd[n] = text.length;
  isCharStart[n] = 1;
  return { bytes: bytes.subarray(0, n), charStart, charEnd, isCharStart, length: n };
}
