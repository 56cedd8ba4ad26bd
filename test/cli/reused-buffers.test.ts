import { describe, expect, it } from 'vitest';
import { ReusedBuffers } from '../../src/cli/reused-buffers.ts';

describe('ReusedBuffers', () => {
  it('gives the exact size asked for, and the same memory again once it is given back', () => {
    const buffers = new ReusedBuffers(2);
    const first = buffers.take(100_000);
    expect(first.length).toBe(100_000);
    buffers.giveBack(first);
    const second = buffers.take(90_000);
    expect(second.length).toBe(90_000);
    expect(second.buffer).toBe(first.buffer);
  });

  it('never hands out memory that is still out, nor one too small', () => {
    const buffers = new ReusedBuffers(4);
    const a = buffers.take(70_000);
    const b = buffers.take(70_000);
    expect(b.buffer).not.toBe(a.buffer);
    buffers.giveBack(a);
    const big = buffers.take(a.buffer.byteLength + 1);
    expect(big.buffer).not.toBe(a.buffer);
    expect(buffers.take(10).buffer).toBe(a.buffer);
  });

  it('keeps only its own buffers, and at most `most` of them', () => {
    const buffers = new ReusedBuffers(1);
    // A slice of Node's shared pool and a worker's moved result are not its to reuse.
    buffers.giveBack(Buffer.from('shared pool'));
    buffers.giveBack(new Uint8Array(1 << 17));
    const fresh = buffers.take(10);
    expect(fresh.buffer.byteLength).toBe(1 << 16);
    const [a, b] = [buffers.take(10), buffers.take(10)];
    buffers.giveBack(a);
    buffers.giveBack(b);
    expect(buffers.take(10).buffer).toBe(a.buffer);
    expect(buffers.take(10).buffer).not.toBe(b.buffer);
  });

  it('keeps memory handed back from another thread (a new object here), once', () => {
    const buffers = new ReusedBuffers(4);
    const moved = new Uint8Array(new ArrayBuffer(1 << 17), 10, 20);
    buffers.adopt(moved);
    buffers.adopt(moved);
    expect(buffers.take(100_000).buffer).toBe(moved.buffer);
    expect(buffers.take(100_000).buffer).not.toBe(moved.buffer);
    // A detached buffer (moved on again) is not kept.
    buffers.adopt(new Uint8Array(0));
  });
});
