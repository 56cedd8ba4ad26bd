/**
 * Byte ranges of a file read into one piece of memory, used again for every range: the dataset
 * worker's check windows (worker-logic.ts). `Blob.slice().arrayBuffer()` makes new memory for
 * each window, which is given back only when the garbage collector frees the buffer; a window
 * lives while its thousands of records are checked, so it outlives young collections and waits
 * for a full one, and the windows of a pass piled up meanwhile (opening the 250 MB bench file,
 * the renderer held 40–115 MB more outside the JavaScript heaps when the checks made less
 * garbage, so collected less often). A byte stream's reader fills memory it is given
 * (`getReader({ mode: 'byob' })`), passing it on from read to read without a copy.
 *
 * A window holds until the next read: its view is emptied then (the memory moves on), so use
 * or copy its bytes before. Where the file's stream is not a byte stream (an older browser),
 * each range is read into new memory, as before.
 */
export class WindowReader {
  /** The memory, between reads (undefined: none yet, or given up after a range far past `size`). */
  private memory: ArrayBuffer | undefined;

  /** `size`: the memory first made, about one window (CHECK_WINDOW_BYTES); a longer range grows it. */
  constructor(private readonly size: number) {}

  /** Bytes [start, end) of `file`, in the reader's memory (valid until the next read). */
  async read(file: Blob, start: number, end: number): Promise<Uint8Array> {
    const length = end - start;
    if (length <= 0) return new Uint8Array(0);
    const slice = file.slice(start, end);
    let reader: ReadableStreamBYOBReader;
    try {
      reader = slice.stream().getReader({ mode: 'byob' });
    } catch {
      return new Uint8Array(await slice.arrayBuffer());
    }
    let memory = this.memory !== undefined && this.memory.byteLength >= length ? this.memory : new ArrayBuffer(Math.max(length, this.size));
    // Given to the stream: until it comes back, a failed read leaves none to use again.
    this.memory = undefined;
    let filled = 0;
    try {
      while (filled < length) {
        const { done, value } = await reader.read(new Uint8Array(memory, filled, length - filled));
        if (value === undefined) throw new Error('the file could not be read (its stream was cancelled)');
        // The same memory, under a new ArrayBuffer: the one given is detached by the read.
        memory = value.buffer as ArrayBuffer;
        if (done) break;
        filled += value.byteLength;
      }
    } finally {
      reader.releaseLock();
    }
    if (filled < length) throw new Error(`the file ended after ${filled} of ${length} bytes (was it changed on disk?)`);
    // A range far longer than a window (one huge record) is not kept for the ranges after it.
    if (memory.byteLength <= 2 * this.size) this.memory = memory;
    return new Uint8Array(memory, 0, length);
  }
}
