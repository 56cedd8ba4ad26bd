/** JSON Lines flags: whether the input is JSON Lines (`--jsonl`, or a `*.jsonl` file), and `--jobs`. */
import { availableParallelism } from 'node:os';
import { stringFlag, type ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';

export const JSONL_FLAG = { flag: '--jsonl', takesValue: false } as const;

export function isJsonl(args: ParsedArgs, file: string | undefined): boolean {
  return args.flags.has('--jsonl') || (file !== undefined && file.toLowerCase().endsWith('.jsonl'));
}

/** Blank lines (a trailing newline, spacing) hold no record and are skipped. */
export function isBlank(line: string): boolean {
  return line.trim() === '';
}

export const JOBS_FLAG = { flag: '--jobs', takesValue: true, valueName: 'N' } as const;

export const JOBS_HELP = `  --jobs N               JSON Lines: threads that process the lines, this one and N-1
                         workers (default: the number of cores); results keep the input's
                         order. 1: no workers`;

/** `--jobs N`, by default the number of cores the process may use. */
export function jobsOf(args: ParsedArgs, command: string): number {
  const value = stringFlag(args, '--jobs');
  if (value === undefined) return availableParallelism();
  if (!/^[1-9][0-9]{0,3}$/.test(value)) throw new CliError(`${command}: --jobs takes a whole number from 1 to 9999, got ${JSON.stringify(value)}`);
  return Number(value);
}

export const NOTES_FLAG = { flag: '--notes', takesValue: true, valueName: 'N|all' } as const;

/** Of each diagnostic code, how many lines a JSON Lines run writes on stderr by default. */
export const DEFAULT_NOTE_LIMIT = 20;

export const NOTES_HELP = `  --notes N|all          JSON Lines: of each kind of diagnostic (its code), write the
                         first N on stderr, each with its line, and count the rest in a
                         summary at the end (default ${DEFAULT_NOTE_LIMIT}; 0: the summary only; all: every one)`;

/** `--notes N|all`: how many diagnostics of each code a JSON Lines run writes (Infinity: all). */
export function noteLimitOf(args: ParsedArgs, command: string): number {
  const value = stringFlag(args, '--notes');
  if (value === undefined) return DEFAULT_NOTE_LIMIT;
  if (value === 'all') return Infinity;
  if (!/^(0|[1-9][0-9]{0,8})$/.test(value)) throw new CliError(`${command}: --notes takes a whole number or "all", got ${JSON.stringify(value)}`);
  return Number(value);
}
