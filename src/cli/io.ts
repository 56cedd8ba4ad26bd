/**
 * Reading the input (a file, or stdin for `-` or no file) whole or line by line, and writing
 * to stdout with backpressure, so that large JSONL files stream in constant memory.
 */
import { once } from 'node:events';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CliError } from './errors.ts';

export const STDIN_NAME = '<stdin>';

/** The name used in messages for the input. */
export function inputName(file: string | undefined): string {
  return file ?? STDIN_NAME;
}

function reason(error: unknown): string {
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
    throw new CliError(`${command}: cannot read ${inputName(file)}: ${reason(error)}`);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The input's lines with 1-based numbers, read as they come. */
export async function* readInputLines(file: string | undefined, command: string): AsyncGenerator<{ number: number; text: string }> {
  let stream: Readable;
  if (file === undefined) {
    stream = process.stdin;
  } else {
    try {
      const handle = await open(file, 'r');
      stream = handle.createReadStream({ encoding: 'utf8' });
    } catch (error) {
      throw new CliError(`${command}: cannot read ${file}: ${reason(error)}`);
    }
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      yield { number, text: number === 1 && line.startsWith('\uFEFF') ? line.slice(1) : line };
    }
  } catch (error) {
    throw new CliError(`${command}: cannot read ${inputName(file)}: ${reason(error)}`);
  }
}

/** Writes to stdout, waiting when its buffer is full. */
export async function writeOut(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

export function writeErr(line: string): void {
  process.stderr.write(`${line}\n`);
}
