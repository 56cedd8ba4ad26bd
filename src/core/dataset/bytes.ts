/** Byte helpers shared by the dataset scanners. */

export const UTF8_BOM: readonly number[] = [0xef, 0xbb, 0xbf];

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

/** Many byte arrays as one, in order. */
export function concatAll(pieces: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

export function startsWithBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Holds back the first bytes of a stream until it can tell whether the stream starts with a
 * UTF-8 BOM (3 bytes), however the bytes arrive chunked (one byte at a time included).
 */
export class BomGate {
  private head: Uint8Array | undefined = new Uint8Array(0);
  /** 3 when the stream starts with a BOM, else 0; known once a `push` or `flush` gave bytes. */
  bom = 0;

  /** Bytes held back so far (for progress). */
  get held(): number {
    return this.head?.length ?? 0;
  }

  /** The bytes to scan now (held-back bytes first), or undefined while fewer than 3 are known. */
  push(chunk: Uint8Array): Uint8Array | undefined {
    if (!this.head) return chunk;
    const joined = this.head.length === 0 ? chunk : concatBytes(this.head, chunk);
    if (joined.length < 3) {
      // Copy: the caller may reuse its buffer.
      this.head = joined === chunk ? chunk.slice() : joined;
      return undefined;
    }
    return this.release(joined);
  }

  /** At the end of the stream: the bytes still held back, if any. */
  flush(): Uint8Array | undefined {
    return this.head ? this.release(this.head) : undefined;
  }

  private release(bytes: Uint8Array): Uint8Array {
    this.head = undefined;
    this.bom = startsWithBom(bytes) ? 3 : 0;
    return bytes;
  }
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
