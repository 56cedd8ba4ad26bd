/**
 * The training-mask flags: which assistant turns and blocks are trained (core's MaskOptions).
 * One parser for every command that makes labels: `parley tokenize`, and each side of
 * `parley compare` (side-spec.ts), so that a side's labels follow the same flags.
 */
import type { MaskOptions } from '../core/tokens/index.ts';
import { stringFlag, type FlagSpec, type ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';

export const MASK_FLAGS: readonly FlagSpec[] = [
  { flag: '--mask', takesValue: true, valueName: 'last|all' },
  { flag: '--no-train-thoughts', takesValue: false },
  { flag: '--no-train-tool-calls', takesValue: false },
];

export const MASK_HELP = `  --mask last|all        train every assistant turn (all, the default) or the last one only
  --no-train-thoughts    thought blocks are not trained
  --no-train-tool-calls  tool calls are not trained`;

/** The mask the flags ask for (the default, every assistant turn as the format trains it, when none is given). */
export function maskOf(args: ParsedArgs, command: string): MaskOptions {
  const turns = stringFlag(args, '--mask') ?? 'all';
  if (turns !== 'all' && turns !== 'last') throw new CliError(`${command}: --mask takes last or all, got ${JSON.stringify(turns)}`);
  const mask: MaskOptions = { turns };
  if (args.flags.has('--no-train-thoughts')) mask.thoughts = false;
  if (args.flags.has('--no-train-tool-calls')) mask.toolCalls = false;
  return mask;
}
