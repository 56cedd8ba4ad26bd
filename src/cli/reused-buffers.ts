/**
 * Memory for chunks of JSON Lines, used again once its bytes are no longer read: a chunk's
 * output once stdout has written it, a chunk sent to a worker once the worker is done with it.
 * Fresh memory for every chunk cost its first touch (page faults while it was written): about
 * 6 % of a `convert --jsonl` run, and more in a worker. Only buffers made here, or handed back
 * on purpose (`adopt`: moved here from another thread), are kept; a slice of Node's shared pool
 * never is.
 */
export class ReusedBuffers {
  private readonly free: Buffer[] = [];
  private readonly made = new WeakSet<ArrayBuffer>();

  /** `most`: buffers kept for use again (about the chunks in flight). */
  constructor(private readonly most: number) {}

  /** `size` bytes to write into: a kept buffer that is large enough, or a new one with room to spare. */
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

  /** `bytes` (from `take`) are no longer read: their buffer may be taken again. False when it is not one of these. */
  giveBack(bytes: Uint8Array): boolean {
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.made.has(memory)) return false;
    this.keep(memory);
    return true;
  }

  /** A buffer that came from this pool through another thread (moved memory is a new object here). */
  adopt(bytes: Uint8Array): void {
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || memory.byteLength === 0) return;
    this.made.add(memory);
    this.keep(memory);
  }

  private keep(memory: ArrayBuffer): void {
    if (this.free.length < this.most && !this.free.some((buffer) => buffer.buffer === memory)) this.free.push(Buffer.from(memory));
  }
}
