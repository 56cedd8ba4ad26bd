/**
 * Why a JSON Lines record has an error result instead of its own (docs/pipelines.md): a line
 * that could not be read (not UTF-8, longer than a string can be, nested too deep) or a failure
 * while working on it (anything thrown, a stack overflow included). Each is that line's result;
 * the run goes on.
 */
import { constants } from 'node:buffer';
import { NOT_UTF8 } from '../core/index.ts';
import { countText } from './count-text.ts';
import type { LineResult } from './line-job.ts';

export interface RecordFailure {
  code: string;
  message: string;
}

/**
 * The longest line read, in bytes: its text must fit in one string, and the engine's longest
 * string is this many UTF-16 units (0x1fffffe8 in Node 20 to 24, about 512 MiB), which no line
 * of more bytes can be sure to fit. A longer line is skipped without being held in memory.
 */
export const MAX_LINE_BYTES = constants.MAX_STRING_LENGTH;

export const NOT_UTF8_FAILURE: RecordFailure = { code: 'cli/not-utf8', message: NOT_UTF8 };

export function overlongFailure(bytes: number): RecordFailure {
  return { code: 'cli/line-too-long', message: `the line is ${countText(bytes)} bytes, longer than the longest text the engine holds (${countText(MAX_LINE_BYTES)} bytes); not read` };
}

/** A failure thrown while working on one record (a bug, or a limit of the engine). */
export function thrownFailure(error: unknown): RecordFailure {
  const reason = error instanceof Error ? error.message : String(error);
  return { code: 'cli/record-failed', message: `Parley failed on this record: ${reason}` };
}

/**
 * The result of a record that `convert` or `parse` could not make: `null` in its place, the
 * reason on stderr with its line, counted under its code like a diagnostic (`--notes`).
 */
export function nullFailure(failure: RecordFailure): LineResult {
  return { out: 'null', failed: true, notes: [{ text: `${failure.message} (written as null)`, code: failure.code }] };
}
