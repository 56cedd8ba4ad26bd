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
