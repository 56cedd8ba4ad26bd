import { describe, expect, it } from 'vitest';
import { WindowReader } from './window-reader.ts';

const BYTES = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7) % 251);
const FILE = new Blob([BYTES]);

describe('WindowReader', () => {
  it('reads each range of the file, into the same memory every time', async () => {
    const reader = new WindowReader(16_384);
    const first = await reader.read(FILE, 100, 10_100);
    expect(first).toEqual(BYTES.slice(100, 10_100));
    const second = await reader.read(FILE, 30_000, 31_000);
    expect(second).toEqual(BYTES.slice(30_000, 31_000));
    // The memory went on to the second window: the first window's view is empty now (the memory was not copied).
    expect(first.byteLength).toBe(0);
    expect(second.buffer.byteLength).toBe(16_384);
    expect(await reader.read(FILE, 5, 5)).toEqual(new Uint8Array(0));
  });

  it('grows for a range longer than its memory, and does not keep memory far past its size', async () => {
    const reader = new WindowReader(1_000);
    expect(await reader.read(FILE, 0, 1_500)).toEqual(BYTES.slice(0, 1_500));
    const long = await reader.read(FILE, 0, 50_000);
    expect(long).toEqual(BYTES);
    const after = await reader.read(FILE, 10, 20);
    expect(after).toEqual(BYTES.slice(10, 20));
    expect(after.buffer.byteLength).toBeLessThanOrEqual(2_000);
  });

  it('reads a file whose stream cannot fill a given buffer as a new buffer per range', async () => {
    // A browser whose Blob stream is not a byte stream: getReader({ mode: "byob" }) throws.
    const plain = { slice: (start: number, end: number) => ({ stream: () => ({ getReader: () => { throw new TypeError('not a byte stream'); } }), arrayBuffer: () => FILE.slice(start, end).arrayBuffer() }) } as unknown as Blob;
    const reader = new WindowReader(1_000);
    expect(await reader.read(plain, 7, 900)).toEqual(BYTES.slice(7, 900));
    expect(await reader.read(plain, 0, 3_000)).toEqual(BYTES.slice(0, 3_000));
  });
});
