/**
 * A fingerprint of a dataset file, to re-attach saved edits when the same file is opened
 * again and to notice when it changed: its size and a 64-bit hash of every byte, computed
 * while the file streams through the indexer (the bytes are read anyway; the hash adds a
 * fraction of the indexing time, see bench/dataset-core.bench.ts). A sampled hash (head, tail,
 * a few middle blocks) would be cheaper but would miss an edit in an unsampled record, which
 * is exactly the change that must be detected.
 *
 * The hash: two MurmurHash3-style 32-bit lanes over little-endian 32-bit words with
 * different seeds and mixing, folded with the length at the end. Not cryptographic; chunk
 * boundaries do not change it.
 */

export interface FileFingerprint {
  size: number;
  /** 16 hex digits. */
  hash: string;
}

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const C3 = 0x85ebca6b;
const C4 = 0xc2b2ae35;

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export class StreamingHash {
  private h1 = 0x9747b28c;
  private h2 = 0x2b7e1516;
  /** Up to 3 bytes of a word not yet complete, little-endian in `carry`. */
  private carry = 0;
  private carried = 0;
  private length = 0;

  update(chunk: Uint8Array): void {
    this.length += chunk.length;
    let i = 0;
    // Complete a word started in the previous chunk.
    while (this.carried > 0 && i < chunk.length) {
      this.carry |= (chunk[i++] as number) << (8 * this.carried);
      if (++this.carried === 4) {
        this.word(this.carry);
        this.carry = 0;
        this.carried = 0;
      }
    }
    const words = (chunk.length - i) >>> 2;
    const at = chunk.byteOffset + i;
    if (littleEndian && at % 4 === 0) {
      this.words(new Uint32Array(chunk.buffer, at, words));
    } else {
      for (let w = 0; w < words; w++, i += 4) {
        this.word((chunk[i] as number) | ((chunk[i + 1] as number) << 8) | ((chunk[i + 2] as number) << 16) | ((chunk[i + 3] as number) << 24));
      }
    }
    if (littleEndian && at % 4 === 0) i += words * 4;
    for (; i < chunk.length; i++) {
      this.carry |= (chunk[i] as number) << (8 * this.carried);
      this.carried++;
    }
  }

  digest(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    if (this.carried > 0) {
      const k = this.carry;
      h1 ^= Math.imul(rotl(Math.imul(k, C1), 15), C2);
      h2 ^= Math.imul(rotl(Math.imul(k, C3), 17), C4);
    }
    // Length folded in as two 32-bit halves (files beyond 4 GB).
    h1 ^= this.length >>> 0;
    h2 ^= Math.floor(this.length / 0x100000000) >>> 0;
    h1 = (h1 + h2) | 0;
    h2 = (h2 + h1) | 0;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 = (h1 + h2) | 0;
    h2 = (h2 + h1) | 0;
    return hex(h1) + hex(h2);
  }

  private word(k: number): void {
    this.h1 = mixLane1(this.h1, k);
    this.h2 = mixLane2(this.h2, k);
  }

  private words(view: Uint32Array): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let w = 0; w < view.length; w++) {
      const k = view[w] as number;
      h1 = mixLane1(h1, k);
      h2 = mixLane2(h2, k);
    }
    this.h1 = h1;
    this.h2 = h2;
  }
}

function mixLane1(h: number, k: number): number {
  k = Math.imul(k, C1);
  k = rotl(k, 15);
  k = Math.imul(k, C2);
  h ^= k;
  h = rotl(h, 13);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function mixLane2(h: number, k: number): number {
  k = Math.imul(k, C3);
  k = rotl(k, 17);
  k = Math.imul(k, C4);
  h ^= k;
  h = rotl(h, 19);
  return (Math.imul(h, 5) + 0x561ccd1b) | 0;
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function hex(h: number): string {
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The fingerprint of bytes held in memory. */
export function fingerprintBytes(bytes: Uint8Array): FileFingerprint {
  const hash = new StreamingHash();
  hash.update(bytes);
  return { size: bytes.length, hash: hash.digest() };
}

export function sameFingerprint(a: FileFingerprint, b: FileFingerprint): boolean {
  return a.size === b.size && a.hash === b.hash;
}
