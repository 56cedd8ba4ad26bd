/**
 * A small argv parser: `--name value`, `--name=value`, boolean `--name`, `-` and `--` for
 * positionals. Flags are declared per command, each with what its value must be, so that an
 * unknown, incomplete, repeated or ill-typed flag is a clear error (exit 2, one line) rather
 * than a silently ignored word or a guess at which of two values was meant.
 */
import { CliError } from './errors.ts';

export interface FlagSpec {
  /** `--format`, `--no-thinking`, … */
  flag: string;
  takesValue: boolean;
  /** Shown in "--flag VALUE". */
  valueName?: string;
  /**
   * A value flag may be given more than once: every value is kept, in order (`ParsedArgs.lists`).
   * Other value flags given twice are refused; a boolean flag given twice means what it does once.
   */
  repeatable?: boolean;
  /** The value is a whole number in this range (or one of `words`), checked as it is parsed. */
  count?: CountRule;
}

export interface CountRule {
  min: number;
  max: number;
  /** Words taken besides numbers (`all` for `--notes`). */
  words?: readonly string[];
}

export interface ParsedArgs {
  /** Value of each flag given (`true` for flags without a value). */
  flags: Map<string, string | true>;
  /** Every value of each repeatable flag given, in order. */
  lists: Map<string, string[]>;
  positionals: string[];
}

/** `--jobs takes a whole number from 1 to 9999, got "abc"`, or undefined when the value fits. */
function countProblem(flag: string, rule: CountRule, value: string): string | undefined {
  if (rule.words?.includes(value)) return undefined;
  if (/^(0|[1-9][0-9]{0,15})$/.test(value) && Number(value) >= rule.min && Number(value) <= rule.max) return undefined;
  const words = (rule.words ?? []).map((word) => ` or ${JSON.stringify(word)}`).join('');
  return `${flag} takes a whole number from ${rule.min} to ${rule.max}${words}, got ${JSON.stringify(value)}`;
}

export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[], command: string): ParsedArgs {
  const byFlag = new Map(specs.map((spec) => [spec.flag, spec]));
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const positionals: string[] = [];
  const setValue = (spec: FlagSpec, value: string): void => {
    const before = flags.get(spec.flag);
    if (typeof before === 'string' && !spec.repeatable) {
      throw new CliError(`${command}: ${spec.flag} is given twice (${JSON.stringify(before)}, then ${JSON.stringify(value)}); give it once`);
    }
    const problem = spec.count && countProblem(spec.flag, spec.count, value);
    if (problem) throw new CliError(`${command}: ${problem}`);
    flags.set(spec.flag, value);
    if (spec.repeatable) lists.set(spec.flag, [...(lists.get(spec.flag) ?? []), value]);
  };
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
      setValue(spec, arg.slice(eq + 1));
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new CliError(`${command}: option ${name} needs a value (${name} ${spec.valueName ?? 'VALUE'})`);
    setValue(spec, value);
    i++;
  }
  return { flags, lists, positionals };
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
