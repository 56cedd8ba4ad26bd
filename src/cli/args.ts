/**
 * A small argv parser: `--name value`, `--name=value`, boolean `--name`, `-` and `--` for
 * positionals. Flags are declared per command, so that an unknown or incomplete flag is a
 * clear error rather than a silently ignored word.
 */
import { CliError } from './errors.ts';

export interface FlagSpec {
  /** `--format`, `--no-thinking`, … */
  flag: string;
  takesValue: boolean;
  /** Shown in "--flag VALUE". */
  valueName?: string;
}

export interface ParsedArgs {
  /** Value of each flag given (`true` for flags without a value); the last one wins. */
  flags: Map<string, string | true>;
  positionals: string[];
}

export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[], command: string): ParsedArgs {
  const byFlag = new Map(specs.map((spec) => [spec.flag, spec]));
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const spec = byFlag.get(name);
    if (!spec) throw new CliError(`${command}: unknown option ${name} (see parley ${command} --help)`);
    if (!spec.takesValue) {
      if (eq !== -1) throw new CliError(`${command}: option ${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    if (eq !== -1) {
      flags.set(name, arg.slice(eq + 1));
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new CliError(`${command}: option ${name} needs a value (${name} ${spec.valueName ?? 'VALUE'})`);
    flags.set(name, value);
    i++;
  }
  return { flags, positionals };
}

/** The single FILE argument (`-` or none: stdin). */
export function inputArgument(args: ParsedArgs, command: string): string | undefined {
  if (args.positionals.length > 1) throw new CliError(`${command}: expected at most one input file, got ${args.positionals.length}: ${args.positionals.join(' ')}`);
  const [file] = args.positionals;
  return file === '-' ? undefined : file;
}

export function stringFlag(args: ParsedArgs, flag: string): string | undefined {
  const value = args.flags.get(flag);
  return typeof value === 'string' ? value : undefined;
}
