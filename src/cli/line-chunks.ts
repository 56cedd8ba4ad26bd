/**
 * JSON Lines input as chunks of whole lines: bytes are read in large blocks and cut after the
 * last line break, so that a chunk can be split into lines on its own, in this process or in a
 * worker, and memory stays bounded by the chunk size (or by the longest line) whatever the
 * input's size. Lines end at `\n`; a `\r` before it is dropped (CRLF files). A line longer than
 * `MAX_LINE_BYTES` (no string could hold its text) is skipped to its end without being kept,
 * and stands in the chunks as its length, so that it gets its error result in its place.
 */
import { fstatSync, read } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { BomGate, decodeUtf8 } from '../core/index.ts';
import { cannotRead, openForReading } from './io.ts';
import type { ChunkLine } from './line-job.ts';
import { MAX_LINE_BYTES, NOT_UTF8_FAILURE, overlongFailure } from './record-failures.ts';

/** Bytes read at a time; also about the size of the batches that workers get. */
export const CHUNK_BYTES = 1 << 20;

const NEWLINE = 0x0a;
const CR = 0x0d;

/** A line longer than the limit, skipped: its length in bytes (without its line break). */
export interface OverlongLine {
  overlongBytes: number;
}

/** Whole lines, or one line too long to read. */
export type LineChunk = Buffer | OverlongLine;

/** The error result's reason for an over-long line. */
export function overlongLine(chunk: OverlongLine): ChunkLine {
  return overlongFailure(chunk.overlongBytes);
}

/**
 * The input in chunks that each hold whole lines (the last chunk may lack the final line
 * break). A byte-order mark at the very start is dropped, however the first bytes arrive
 * (a pipe may deliver them one at a time). A chunk holds until the next one is asked for (a
 * file's chunks share one buffer): use it, or copy it, before then.
 */
export async function* readLineChunks(file: string | undefined, command: string): AsyncGenerator<LineChunk> {
  if (file === undefined) {
    // Standard input redirected from a file (`< data.jsonl`) is read like a named file, from where it stands.
    if (fstatSync(0).isFile()) yield* withReadFailure(fileLineChunks(0), command, file);
    else yield* withReadFailure(lineChunks(process.stdin), command, file);
    return;
  }
  const handle = await openForReading(file, command);
  try {
    // A regular file is read straight into the chunks; a pipe or device named as a file goes as a stream.
    if ((await handle.stat()).isFile()) yield* withReadFailure(fileLineChunks(handle), command, file);
    else yield* withReadFailure(lineChunks(handle.createReadStream({ highWaterMark: CHUNK_BYTES, autoClose: false })), command, file);
  } finally {
    await handle.close();
  }
}

async function* withReadFailure(chunks: AsyncGenerator<LineChunk>, command: string, file: string | undefined): AsyncGenerator<LineChunk> {
  try {
    yield* chunks;
  } catch (error) {
    throw cannotRead(command, file, error);
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
 * The size of a buffer that holds `held` bytes and reads on: at least as much again (a long line
 * doubles the buffer), but never more than a block past the longest line read.
 */
function grown(held: number, blockBytes: number, maxLineBytes: number): number {
  return Math.max(blockBytes, held + 1, Math.min(held * 2, maxLineBytes + blockBytes));
}

/**
 * `spare` (or a larger buffer in its place) with the start of a line that `current` holds from
 * `end` to `filled` copied to its front, for the next block to follow.
 */
function carried(current: Buffer, end: number, filled: number, spare: Buffer, blockBytes: number, maxLineBytes: number): Buffer {
  const size = grown(filled - end, blockBytes, maxLineBytes);
  const next = spare.length < size ? Buffer.allocUnsafeSlow(size) : spare;
  current.copy(next, 0, end, filled);
  return next;
}

/**
 * Reads on into `buffer` to the end of a line past the limit, keeping none of it: how many bytes
 * the line has in all (`seen` already), and how many bytes after its line break are now at the
 * front of `buffer` (-1: the input ended within the line).
 */
async function skipLine(readInto: Reader, buffer: Buffer, seen: number): Promise<{ bytes: number; kept: number }> {
  let bytes = seen;
  for (;;) {
    const bytesRead = await readInto(buffer, 0, buffer.length);
    if (bytesRead === 0) return { bytes, kept: -1 };
    const at = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    if (at === -1) {
      bytes += bytesRead;
      continue;
    }
    buffer.copyWithin(0, at + 1, bytesRead);
    return { bytes: bytes + at, kept: bytesRead - at - 1 };
  }
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
export async function* fileLineChunks(source: FileHandle | number, blockBytes = CHUNK_BYTES, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<LineChunk> {
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
      yield* lastLines(current, filled, maxLineBytes);
      return;
    }
    const end = bomChecked ? current.lastIndexOf(NEWLINE, filled - 1) + 1 : 0;
    const tail = filled - end;
    if (bomChecked && tail > maxLineBytes) {
      // The lines before it go first; the long one is read to its end into this buffer, and dropped.
      if (end > 0) yield current.subarray(0, end);
      const skipped = await skipLine(readInto, current, tail);
      yield { overlongBytes: skipped.bytes };
      if (skipped.kept === -1) return;
      kept = skipped.kept;
      reading = readInto(current, kept, current.length - kept);
      continue;
    }
    spare = carried(current, end, filled, spare, blockBytes, maxLineBytes);
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
export async function* lineChunks(stream: AsyncIterable<Buffer | string>, blockBytes = CHUNK_BYTES, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<LineChunk> {
  const gate = new BomGate();
  let started = false;
  /** A Readable says how much it holds for us (other streams: nothing known, every block goes at once). */
  const readable = typeof (stream as Partial<Readable>).readableLength === 'number' ? (stream as Readable) : undefined;
  let current: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  let spare: Buffer = Buffer.allocUnsafeSlow(blockBytes);
  /** Bytes gathered in `current`. */
  let filled = 0;
  /**
   * Where the last whole line in `current` ends (after its line break): found in each block as it
   * is gathered, since searching all of `current` for every 64 KB block of a pipe made a long
   * line cost the square of its length (a 600 MB line took minutes).
   */
  let lineEnd = 0;
  /** Bytes so far of a line past the limit, being skipped to its end. */
  let skipping: number | undefined;
  const gather = (bytes: Uint8Array): void => {
    if (filled + bytes.length > current.length) {
      // A line longer than the buffer: it doubles.
      const bigger = Buffer.allocUnsafeSlow(Math.max(grown(current.length, blockBytes, maxLineBytes), filled + bytes.length));
      current.copy(bigger, 0, 0, filled);
      current = bigger;
    }
    const at = bytes.lastIndexOf(NEWLINE);
    if (at !== -1) lineEnd = filled + at + 1;
    current.set(bytes, filled);
    filled += bytes.length;
  };
  for await (const data of stream) {
    const passed = gate.push(typeof data === 'string' ? Buffer.from(data) : data);
    if (passed === undefined) continue;
    let bytes = started ? passed : passed.subarray(gate.bom);
    started = true;
    if (skipping !== undefined) {
      const at = bytes.indexOf(NEWLINE);
      if (at === -1) {
        skipping += bytes.length;
        continue;
      }
      yield { overlongBytes: skipping + at };
      skipping = undefined;
      bytes = bytes.subarray(at + 1);
    }
    gather(bytes);
    if (filled === 0) continue;
    if (filled < blockBytes && readable) {
      // A pipe's blocks each reach us as soon as read: one turn of the event loop lets the
      // stream read what is already there, which then joins this chunk.
      await new Promise((resolve) => setImmediate(resolve));
      if (readable.readableLength > 0) continue;
    }
    const end = lineEnd;
    const tail = filled - end;
    if (tail > maxLineBytes) {
      // The lines before it go first; the rest of the long one is counted as it comes, not kept.
      if (end > 0) yield current.subarray(0, end);
      skipping = tail;
      filled = 0;
      lineEnd = 0;
      continue;
    }
    if (end === 0) continue;
    spare = carried(current, end, filled, spare, blockBytes, maxLineBytes);
    yield current.subarray(0, end);
    [current, spare] = [spare, current];
    filled = tail;
    lineEnd = 0;
  }
  // Bytes the gate still holds: the whole input was under 3 bytes, so it cannot hold a BOM.
  const held = gate.flush();
  if (held && held.length > 0) gather(held);
  if (skipping !== undefined) yield { overlongBytes: skipping };
  else yield* lastLines(current, filled, maxLineBytes);
}

/** The lines left at the end of the input (the last one may lack its line break, or be past the limit). */
function* lastLines(current: Buffer, filled: number, maxLineBytes: number): Generator<LineChunk> {
  if (filled === 0) return;
  const end = current.lastIndexOf(NEWLINE, filled - 1) + 1;
  if (filled - end <= maxLineBytes) {
    yield current.subarray(0, filled);
    return;
  }
  if (end > 0) yield current.subarray(0, end);
  yield { overlongBytes: filled - end };
}

/**
 * The lines of a chunk as text (UTF-8; a line break never splits a character), one at a time,
 * each made when it is asked for: a line's text then dies with its record, instead of all the
 * chunk's lines living until the chunk is done (every young-generation collection during the
 * chunk copied them, about a megabyte each time). A line that is not UTF-8 is its failure
 * instead (the app's check, core's `decodeUtf8`), never text with U+FFFD in place of its bytes.
 */
export function* eachChunkLine(chunk: Uint8Array, maxLineBytes = MAX_LINE_BYTES): Generator<ChunkLine, void, undefined> {
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(NEWLINE, start);
    const next = end === -1 ? buffer.length : end + 1;
    if (end === -1) end = buffer.length;
    const stop = end > start && buffer[end - 1] === CR ? end - 1 : end;
    const from = start;
    start = next;
    // The readers skip a line past the limit as soon as they see it is; one whose end came in
    // the same block that took it past the limit reaches a chunk, and is caught here.
    if (stop - from > maxLineBytes) {
      yield overlongFailure(stop - from);
      continue;
    }
    const text = buffer.toString('utf8', from, stop);
    // The decoder puts U+FFFD where bytes are not UTF-8, and a line may hold U+FFFD itself: the
    // strict decoder tells which, only then (searching a string of Latin-1 text for it is instant).
    yield text.includes('\uFFFD') && decodeUtf8(buffer.subarray(from, stop)) === undefined ? NOT_UTF8_FAILURE : text;
  }
}
