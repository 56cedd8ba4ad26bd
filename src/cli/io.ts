/**
 * Reading the input (a file, or stdin for `-` or no file) whole, and writing to stdout with
 * backpressure. JSON Lines are read in chunks of lines: see line-chunks.ts.
 */
import { once } from 'node:events';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CliError } from './errors.ts';

export const STDIN_NAME = '<stdin>';

/** The name used in messages for the input. */
export function inputName(file: string | undefined): string {
  return file ?? STDIN_NAME;
}

/** Why a file could not be read, in a few words. */
export function readFailure(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** The bad-input error (exit 2) for an input that cannot be read: `validate: cannot read data.jsonl: no such file`. */
export function cannotRead(command: string, file: string | undefined, error: unknown): CliError {
  return new CliError(`${command}: cannot read ${inputName(file)}: ${readFailure(error)}`);
}

/**
 * The one way the command opens a file it reads (JSON Lines chunks, a Parquet file's row
 * groups): a handle, or the bad-input error that says why not.
 */
export async function openForReading(file: string, command: string): Promise<FileHandle> {
  try {
    return await open(file, 'r');
  } catch (error) {
    throw cannotRead(command, file, error);
  }
}

/** Reads `bytes.length` bytes at `position` into `bytes` (fewer only at the end of the file): how many were read. */
export async function readWindow(handle: FileHandle, bytes: Uint8Array, position: number): Promise<number> {
  let at = 0;
  while (at < bytes.length) {
    const { bytesRead } = await handle.read(bytes, at, bytes.length - at, position + at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return at;
}

async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The whole input as text (UTF-8; a leading byte-order mark is dropped). */
export async function readInputText(file: string | undefined, command: string): Promise<string> {
  let text: string;
  try {
    text = file === undefined ? await readStream(process.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw cannotRead(command, file, error);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Writes text or UTF-8 bytes to stdout, waiting when its buffer is full. */
export async function writeOut(text: string | Uint8Array, written?: () => void): Promise<void> {
  // `written`: stdout no longer reads the bytes (called once they are flushed, or failed to be).
  if (!process.stdout.write(text, written && (() => written()))) await once(process.stdout, 'drain');
}

export function writeErr(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Writes text (whole lines) to stderr, waiting when its buffer is full (JSON Lines can have many notes). */
export async function writeErrText(text: string): Promise<void> {
  if (text === '') return;
  if (!process.stderr.write(text)) await once(process.stderr, 'drain');
}
