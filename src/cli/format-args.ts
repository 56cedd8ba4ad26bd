/**
 * Arguments of the commands that take `--format`: the format's option flags are known only
 * once the format is, so `--format` is found first and the rest parsed with its flags.
 */
import { parseArgs, type FlagSpec, type ParsedArgs } from './args.ts';
import { optionFlagSpecs, optionValues } from './format-options.ts';
import { findFormat, type Format, type OptionValues } from '../core/index.ts';
import { requireFormat } from './registries.ts';
import { templateFlagSpecs, withTemplateFile } from './template-file.ts';

export interface FormatArgs {
  args: ParsedArgs;
  format: Format<OptionValues>;
  options: Partial<OptionValues>;
}

/** The value of `flag` (`--flag VALUE` or `--flag=VALUE`), read before the other flags are known. */
export function earlyFlagValue(argv: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (arg === flag) return argv[i + 1];
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

const formatId = (argv: readonly string[]): string | undefined => earlyFlagValue(argv, '--format');

export function parseFormatArgs(argv: readonly string[], command: string, specs: readonly FlagSpec[]): FormatArgs {
  const id = formatId(argv);
  const probe: ParsedArgs = { flags: new Map(id === undefined ? [] : [['--format', id]]), lists: new Map(), positionals: [] };
  const format = requireFormat(probe, command);
  const args = parseArgs(argv, [{ flag: '--format', takesValue: true, valueName: 'ID' }, ...specs, ...optionFlagSpecs(format), ...templateFlagSpecs(format)], command);
  return { args, format, options: withTemplateFile(format, optionValues(format, args, command), args, command) };
}

/** Loads what the `--format` of these arguments loads on demand (the Jinja engine), before a render. */
export async function prepareFormat(argv: readonly string[]): Promise<void> {
  const id = formatId(argv);
  await (id === undefined ? undefined : findFormat(id))?.prepare?.();
}

export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}
