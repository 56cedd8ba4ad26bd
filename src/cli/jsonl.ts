/** JSON Lines flags: whether the input is JSON Lines (`--jsonl`, or a `*.jsonl` file), `--jobs` and `--notes`. */
import { availableParallelism } from 'node:os';
import { stringFlag, type FlagSpec, type ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';
import { isParquetFile } from './parquet-input.ts';

export const JSONL_FLAG = { flag: '--jsonl', takesValue: false } as const;

/** Flags that mean something for JSON Lines only: given for a single document, they are refused rather than ignored. */
const JSONL_ONLY = ['--jobs', '--notes'];

/**
 * Whether the input is read as records, one result line each: JSON Lines, or a Parquet file
 * (its rows); a JSON-Lines-only flag for other input is bad input.
 */
export function isJsonl(args: ParsedArgs, file: string | undefined, command: string): boolean {
  const jsonl = args.flags.has('--jsonl') || (file !== undefined && file.toLowerCase().endsWith('.jsonl')) || isParquetFile(file);
  if (args.flags.has('--column') && !isParquetFile(file)) throw new CliError(`${command}: --column applies to a Parquet file (*.parquet) only`);
  const stray = jsonl ? undefined : JSONL_ONLY.find((flag) => args.flags.has(flag));
  if (stray !== undefined) throw new CliError(`${command}: ${stray} applies to JSON Lines only (--jsonl, or a *.jsonl file)`);
  return jsonl;
}

/** Blank lines (a trailing newline, spacing) hold no record and are skipped. */
export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** More threads than this is a typo, not a machine. */
const MAX_JOBS = 9999;

export const JOBS_FLAG: FlagSpec = { flag: '--jobs', takesValue: true, valueName: 'N', count: { min: 1, max: MAX_JOBS } };

export const JOBS_HELP = `  --jobs N               JSON Lines: threads that process the lines, this one and N-1
                         workers (default: the number of cores); results keep the input's
                         order. 1: no workers`;

/** `--jobs N` (checked as parsed: JOBS_FLAG), by default the number of cores the process may use. */
export function jobsOf(args: ParsedArgs): number {
  const value = stringFlag(args, '--jobs');
  return value === undefined ? availableParallelism() : Number(value);
}

/** Past a billion, "all" says it better. */
const MAX_NOTES = 999_999_999;

export const NOTES_FLAG: FlagSpec = { flag: '--notes', takesValue: true, valueName: 'N|all', count: { min: 0, max: MAX_NOTES, words: ['all'] } };

/** Of each diagnostic code, how many lines a JSON Lines run writes on stderr by default. */
export const DEFAULT_NOTE_LIMIT = 20;

export const NOTES_HELP = `  --notes N|all          JSON Lines: of each kind of line about a record (a diagnostic's
                         or an unreadable line's code, a --fix change), write the first N
                         on stderr, each with its line, and count the rest in a summary at
                         the end (default ${DEFAULT_NOTE_LIMIT}; 0: the summary only; all: every one)`;

/** `--notes N|all` (checked as parsed: NOTES_FLAG): how many lines of each kind a JSON Lines run writes (Infinity: all). */
export function noteLimitOf(args: ParsedArgs): number {
  const value = stringFlag(args, '--notes');
  if (value === undefined) return DEFAULT_NOTE_LIMIT;
  return value === 'all' ? Infinity : Number(value);
}

export const COLUMN_FLAG: FlagSpec = { flag: '--column', takesValue: true, valueName: 'NAME[,NAME]' };

export const COLUMN_HELP = `  --column NAME[,NAME]   Parquet: the column(s) that hold the conversation (default:
                         detected: "messages", "conversations", another list of messages,
                         or "prompt"/"chosen"/"rejected"); a row's record is their values`;

/** `--column a,b`: the conversation columns the person named, if any. */
export function columnsOf(args: ParsedArgs): string[] | undefined {
  const value = stringFlag(args, '--column');
  return value === undefined ? undefined : value.split(',').map((name) => name.trim()).filter((name) => name.length > 0);
}
