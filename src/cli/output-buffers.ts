/**
 * The memory of chunks' output lines, used again once stdout has written it. A fresh buffer for
 * every chunk cost its first touch (page faults while the lines were encoded into it): about
 * 6 % of a `convert --jsonl` run. Only buffers made here come back (a worker's result, moved to
 * this thread, or a slice of Node's shared pool, never do).
 */
export class OutputBuffers {
  private readonly free: Buffer[] = [];
  private readonly made = new WeakSet<ArrayBuffer>();

  /** `most`: buffers kept for use again (about the chunks in flight). */
  constructor(private readonly most: number) {}

  /** `size` bytes to write lines into: a kept buffer that is large enough, or a new one with room to spare. */
  readonly take = (size: number): Buffer => {
    for (let i = 0; i < this.free.length; i++) {
      const buffer = this.free[i] as Buffer;
      if (buffer.length < size) continue;
      this.free.splice(i, 1);
      return buffer.subarray(0, size);
    }
    const buffer = Buffer.allocUnsafeSlow(Math.max(size + (size >> 2), 1 << 16));
    this.made.add(buffer.buffer);
    return buffer.subarray(0, size);
  };

  /** `bytes` (from `take`) are written and no longer read: their buffer may be taken again. */
  giveBack(bytes: Uint8Array): void {
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.made.has(memory) || this.free.length >= this.most) return;
    this.free.push(Buffer.from(memory));
  }
}
