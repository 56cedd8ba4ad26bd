/**
 * JSON Lines input as chunks of whole lines: bytes are read in large blocks and cut after the
 * last line break, so that a chunk can be split into lines on its own, in this process or in a
 * worker, and memory stays bounded by the chunk size (or by the longest line) whatever the
 * input's size. Lines end at `\n`; a `\r` before it is dropped (CRLF files).
 */
import { open, type FileHandle } from 'node:fs/promises';
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
    yield* streamChunks(process.stdin, command, file);
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
    if ((await handle.stat()).isFile()) {
      try {
        yield* fileLineChunks(handle);
      } catch (error) {
        throw new CliError(`${command}: cannot read ${inputName(file)}: ${readFailure(error)}`);
      }
    } else yield* streamChunks(handle.createReadStream({ highWaterMark: CHUNK_BYTES, autoClose: false }), command, file);
  } finally {
    await handle.close();
  }
}

async function* streamChunks(stream: Readable, command: string, file: string | undefined): AsyncGenerator<Buffer> {
  try {
    yield* lineChunks(stream);
  } catch (error) {
    throw new CliError(`${command}: cannot read ${inputName(file)}: ${readFailure(error)}`);
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * A regular file in chunks of whole lines, read straight into two buffers in turn: a chunk is
 * a view of one while the next block is read into the other, so a chunk holds only until the
 * next one is asked for. The start of a line that a block leaves is copied to the front of the
 * other buffer, before the block that ends it. Fresh memory for every block cost its first touch
 * (about 40 ms of page faults for 65 MB, more than copying it), and joining each block of a
 * stream with the carried start copied the input once more. A line longer than the buffers
 * grows them, doubling.
 */
export async function* fileLineChunks(handle: FileHandle, blockBytes = CHUNK_BYTES): AsyncGenerator<Buffer> {
  let current = Buffer.allocUnsafeSlow(blockBytes);
  let spare = Buffer.allocUnsafeSlow(blockBytes);
  /** Bytes at the front of `current`: the start of a line the last block did not end. */
  let kept = 0;
  let bomChecked = false;
  let reading = handle.read(current, 0, current.length, null);
  for (;;) {
    const { bytesRead } = await reading;
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
    // Room for at least as much again as the carried start: a long line doubles the buffer.
    if (spare.length < Math.max(blockBytes, tail * 2)) spare = Buffer.allocUnsafeSlow(Math.max(blockBytes, tail * 2));
    current.copy(spare, 0, end, filled);
    reading = handle.read(spare, tail, spare.length - tail, null);
    // Read while the chunk is used; a failure is thrown when the read is awaited, not reported as unhandled meanwhile.
    reading.catch(() => undefined);
    if (end > 0) yield current.subarray(0, end);
    [current, spare] = [spare, current];
    kept = tail;
  }
}

/** `readLineChunks` over any stream of blocks (a file, stdin, a test's blocks). */
export async function* lineChunks(stream: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  const gate = new BomGate();
  let started = false;
  // The start of a line not yet ended, in the blocks it came in: a line of hundreds of MB is
  // joined once when it ends, not copied again with every block.
  let pending: Buffer[] = [];
  for await (const data of stream) {
    const passed = gate.push(typeof data === 'string' ? Buffer.from(data) : data);
    if (passed === undefined) continue;
    let chunk = Buffer.from(passed.buffer, passed.byteOffset, passed.byteLength);
    if (!started) {
      started = true;
      chunk = chunk.subarray(gate.bom);
    }
    const end = chunk.lastIndexOf(NEWLINE) + 1;
    if (end === 0) {
      pending.push(Buffer.from(chunk)); // copied: the stream may reuse its block
      continue;
    }
    yield pending.length > 0 ? Buffer.concat([...pending, chunk.subarray(0, end)]) : chunk.subarray(0, end);
    pending = end < chunk.length ? [Buffer.from(chunk.subarray(end))] : [];
  }
  // Bytes the gate still holds: the whole input was under 3 bytes, so it cannot hold a BOM.
  const held = gate.flush();
  if (held && held.length > 0) pending.push(Buffer.from(held));
  if (pending.length > 0) yield Buffer.concat(pending);
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
