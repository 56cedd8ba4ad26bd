/** Byte helpers shared by the dataset scanners. */

export const UTF8_BOM: readonly number[] = [0xef, 0xbb, 0xbf];

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

export function startsWithBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Whether bytes[from, to) hold anything but spaces, tabs and carriage returns. Stops at the
 * first such byte, which in a record is its first (`{`), so the cost is constant per line.
 */
export function hasNonBlank(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return true;
  }
  return false;
}
