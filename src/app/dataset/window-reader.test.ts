import { describe, expect, it } from 'vitest';
import { WindowReader, windowsOf } from './window-reader.ts';

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

describe('windowsOf', () => {
  it('gives the whole file a window at a time, every window in the same memory', async () => {
    const seen: number[][] = [];
    const buffers = new Set<ArrayBufferLike>();
    let bytes = 0;
    for await (const window of windowsOf(FILE, new WindowReader(16_384), 16_384)) {
      // Used before the next window is asked for, as the indexer does (it copies what it keeps).
      seen.push([window.byteLength, window[0] as number]);
      buffers.add(window.buffer);
      bytes += window.byteLength;
    }
    expect(bytes).toBe(BYTES.length);
    expect(seen).toEqual([
      [16_384, BYTES[0]],
      [16_384, BYTES[16_384]],
      [16_384, BYTES[32_768]],
      [50_000 - 3 * 16_384, BYTES[49_152]],
    ]);
    // One ArrayBuffer object per read (a read detaches the one before), but never a window's worth of new memory: each is the same size.
    expect([...buffers].every((buffer) => buffer.byteLength === 0 || buffer.byteLength === 16_384)).toBe(true);
  });

  it('gives nothing for an empty file', async () => {
    const windows: Uint8Array[] = [];
    for await (const window of windowsOf(new Blob([]), new WindowReader(1_000), 1_000)) windows.push(window);
    expect(windows).toEqual([]);
  });
});
