/**
 * JSON Lines input as chunks of whole lines: bytes are read in large blocks and cut after the
 * last line break, so that a chunk can be split into lines on its own, in this process or in a
 * worker, and memory stays bounded by the chunk size (or by the longest line) whatever the
 * input's size. Lines end at `\n`; a `\r` before it is dropped (CRLF files).
 */
import { fstatSync, read } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { BomGate } from '../core/index.ts';
import { CliError } from './errors.ts';
import { inputName, readFailure } from './io.ts';

/** Bytes read at a time; also about the size of the batches that workers get. */
export const CHUNK_BYTES = 1 << 20;

const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * The input in chunks that each hold whole lines (the last chunk may lack the final line
 * break). A byte-order mark at the very start is dropped, however the first bytes arrive
 * (a pipe may deliver them one at a time). A chunk holds until the next one is asked for (a
 * file's chunks share one buffer): use it, or copy it, before then.
 */
export async function* readLineChunks(file: string | undefined, command: string): AsyncGenerator<Buffer> {
  if (file === undefined) {
    // Standard input redirected from a file (`< data.jsonl`) is read like a named file, from where it stands.
    if (fstatSync(0).isFile()) yield* withReadFailure(fileLineChunks(0), command, file);
    else yield* withReadFailure(lineChunks(process.stdin), command, file);
    return;
  }
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new CliError(`${command}: cannot read ${file}: ${readFailure(error)}`);
  }
  try {
    // A regular file is read straight into the chunks; a pipe or device named as a file goes as a stream.
    if ((await handle.stat()).isFile()) yield* withReadFailure(fileLineChunks(handle), command, file);
    else yield* withReadFailure(lineChunks(handle.createReadStream({ highWaterMark: CHUNK_BYTES, autoClose: false })), command, file);
  } finally {
    await handle.close();
  }
}

async function* withReadFailure(chunks: AsyncGenerator<Buffer>, command: string, file: string | undefined): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } catch (error) {
    throw new CliError(`${command}: cannot read ${inputName(file)}: ${readFailure(error)}`);
  }
}

const readFd = promisify(read);

/** Reads up to `length` bytes into `buffer` at `offset`, from where the file stands; 0 at its end. */
type Reader = (buffer: Buffer, offset: number, length: number) => Promise<number>;

function readerOf(source: FileHandle | number): Reader {
  if (typeof source === 'number') return async (buffer, offset, length) => (await readFd(source, buffer, offset, length, null)).bytesRead;
  return async (buffer, offset, length) => (await source.read(buffer, offset, length, null)).bytesRead;
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * `spare` (or a larger buffer in its place) with the start of a line that `current` holds from
 * `end` to `filled` copied to its front, for the next block to follow. Room for at least as
 * much again as the carried start: a long line doubles the buffer.
 */
function carried(current: Buffer, end: number, filled: number, spare: Buffer, blockBytes: number): Buffer {
  const tail = filled - end;
  const next = spare.length < Math.max(blockBytes, tail * 2) ? Buffer.allocUnsafeSlow(Math.max(blockBytes, tail * 2)) : spare;
  current.copy(next, 0, end, filled);
  return next;
}

/**
 * A regular file in chunks of whole lines, read straight into two buffers in turn: a chunk is
 * a view of one while the next block is read into the other, so a chunk holds only until the
 * next one is asked for. The start of a line that a block leaves is copied to the front of the
 * other buffer, before the block that ends it. Fresh memory for every block cost its first touch
 * (about 40 ms of page faults for 65 MB, more than copying it), and joining each block of a
 * stream with the carried start copied the input once more. A line longer than the buffers
 * grows them, doubling.
 */
export async function* fileLineChunks(source: FileHandle | number, blockBytes = CHUNK_BYTES): AsyncGenerator<Buffer> {
  const readInto = readerOf(source);
  let current: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  let spare: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  /** Bytes at the front of `current`: the start of a line the last block did not end. */
  let kept = 0;
  let bomChecked = false;
  let reading = readInto(current, 0, current.length);
  for (;;) {
    const bytesRead = await reading;
    let filled = kept + bytesRead;
    if (!bomChecked && (filled >= BOM.length || bytesRead === 0)) {
      bomChecked = true;
      if (BOM.every((byte, i) => current[i] === byte)) {
        current.copyWithin(0, BOM.length, filled);
        filled -= BOM.length;
      }
    }
    if (bytesRead === 0) {
      if (filled > 0) yield current.subarray(0, filled);
      return;
    }
    const end = bomChecked ? current.lastIndexOf(NEWLINE, filled - 1) + 1 : 0;
    const tail = filled - end;
    spare = carried(current, end, filled, spare, blockBytes);
    reading = readInto(spare, tail, spare.length - tail);
    // Read while the chunk is used; a failure is thrown when the read is awaited, not reported as unhandled meanwhile.
    reading.catch(() => undefined);
    if (end > 0) yield current.subarray(0, end);
    [current, spare] = [spare, current];
    kept = tail;
  }
}

/**
 * `readLineChunks` over any stream of blocks (a pipe on stdin or named as a file, a test's
 * blocks). The blocks are gathered into two buffers in turn, as a file is read: while the
 * stream has more waiting, into chunks of about `blockBytes` (a pipe hands over 64 KB at a
 * time, and as chunks each cost a result, and a message to a worker and back); when it has
 * nothing more waiting after a turn of the event loop, the lines so far go at once, so that a
 * producer that waits for each answer gets it. A chunk holds until the next one is asked for.
 */
export async function* lineChunks(stream: AsyncIterable<Buffer | string>, blockBytes = CHUNK_BYTES): AsyncGenerator<Buffer> {
  const gate = new BomGate();
  let started = false;
  /** A Readable says how much it holds for us (other streams: nothing known, every block goes at once). */
  const readable = typeof (stream as Partial<Readable>).readableLength === 'number' ? (stream as Readable) : undefined;
  let current: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  let spare: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  /** Bytes gathered in `current`. */
  let filled = 0;
  const gather = (bytes: Uint8Array): void => {
    if (filled + bytes.length > current.length) {
      // A line longer than the buffer: it doubles.
      const bigger = Buffer.allocUnsafeSlow(Math.max(current.length * 2, filled + bytes.length));
      current.copy(bigger, 0, 0, filled);
      current = bigger;
    }
    current.set(bytes, filled);
    filled += bytes.length;
  };
  for await (const data of stream) {
    const passed = gate.push(typeof data === 'string' ? Buffer.from(data) : data);
    if (passed === undefined) continue;
    gather(started ? passed : passed.subarray(gate.bom));
    started = true;
    if (filled === 0) continue;
    if (filled < blockBytes && readable) {
      // A pipe's blocks each reach us as soon as read: one turn of the event loop lets the
      // stream read what is already there, which then joins this chunk.
      await new Promise((resolve) => setImmediate(resolve));
      if (readable.readableLength > 0) continue;
    }
    const end = current.lastIndexOf(NEWLINE, filled - 1) + 1;
    if (end === 0) continue;
    const tail = filled - end;
    spare = carried(current, end, filled, spare, blockBytes);
    yield current.subarray(0, end);
    [current, spare] = [spare, current];
    filled = tail;
  }
  // Bytes the gate still holds: the whole input was under 3 bytes, so it cannot hold a BOM.
  const held = gate.flush();
  if (held && held.length > 0) gather(held);
  if (filled > 0) yield current.subarray(0, filled);
}

/**
 * The lines of a chunk as text (UTF-8; a line break never splits a character), one at a time,
 * each made when it is asked for: a line's text then dies with its record, instead of all the
 * chunk's lines living until the chunk is done (every young-generation collection during the
 * chunk copied them, about a megabyte each time).
 */
export function* eachChunkLine(chunk: Uint8Array): Generator<string, void, undefined> {
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(NEWLINE, start);
    const next = end === -1 ? buffer.length : end + 1;
    if (end === -1) end = buffer.length;
    yield buffer.toString('utf8', start, end > start && buffer[end - 1] === CR ? end - 1 : end);
    start = next;
  }
}
