/**
 * JSON Lines input as chunks of whole lines: bytes are read in large blocks and cut after the
 * last line break, so that a chunk can be split into lines on its own, in this process or in a
 * worker, and memory stays bounded by the chunk size (or by the longest line) whatever the
 * input's size. Lines end at `\n`; a `\r` before it is dropped (CRLF files).
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CliError } from './errors.ts';
import { inputName, readFailure } from './io.ts';

/** Bytes read at a time; also about the size of the batches that workers get. */
export const CHUNK_BYTES = 1 << 20;

const NEWLINE = 0x0a;
const CR = 0x0d;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function openInput(file: string | undefined, command: string): Promise<Readable> {
  if (file === undefined) return process.stdin;
  try {
    const handle = await open(file, 'r');
    return handle.createReadStream({ highWaterMark: CHUNK_BYTES });
  } catch (error) {
    throw new CliError(`${command}: cannot read ${file}: ${readFailure(error)}`);
  }
}

/**
 * The input in chunks that each hold whole lines (the last chunk may lack the final line
 * break). A byte-order mark at the very start is dropped.
 */
export async function* readLineChunks(file: string | undefined, command: string): AsyncGenerator<Buffer> {
  const stream = await openInput(file, command);
  let rest: Buffer | undefined;
  let first = true;
  try {
    for await (const data of stream) {
      let chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
      if (first) {
        first = false;
        if (chunk.subarray(0, 3).equals(BOM)) chunk = chunk.subarray(3);
      }
      const buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      const end = buffer.lastIndexOf(NEWLINE) + 1;
      if (end === 0) {
        rest = buffer; // one long line so far
        continue;
      }
      rest = end < buffer.length ? Buffer.from(buffer.subarray(end)) : undefined;
      yield buffer.subarray(0, end);
    }
  } catch (error) {
    throw new CliError(`${command}: cannot read ${inputName(file)}: ${readFailure(error)}`);
  }
  if (rest && rest.length > 0) yield rest;
}

/** The lines of a chunk as text (UTF-8; a line break never splits a character). */
export function chunkLines(chunk: Uint8Array): string[] {
  const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const lines: string[] = [];
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(NEWLINE, start);
    const next = end === -1 ? buffer.length : end + 1;
    if (end === -1) end = buffer.length;
    lines.push(buffer.toString('utf8', start, end > start && buffer[end - 1] === CR ? end - 1 : end));
    start = next;
  }
  return lines;
}
