/** Whether the input is JSON Lines: `--jsonl`, or a file named `*.jsonl`. */
import type { ParsedArgs } from './args.ts';

export const JSONL_FLAG = { flag: '--jsonl', takesValue: false } as const;

export function isJsonl(args: ParsedArgs, file: string | undefined): boolean {
  return args.flags.has('--jsonl') || (file !== undefined && file.toLowerCase().endsWith('.jsonl'));
}

/** Blank lines (a trailing newline, spacing) hold no record and are skipped. */
export function isBlank(line: string): boolean {
  return line.trim() === '';
}
