/**
 * Command-line flags for a format's options, read from its option descriptors (`cliFlag`,
 * type, default), so that a format added to the registry gets its flags with no CLI change.
 */
import type { Format, FormatOption, OptionValues } from '../core/index.ts';
import type { FlagSpec, ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The flag of an option: its `cliFlag`, else one made from its key (`--no-x` for booleans that default to true). */
export function optionFlag(option: FormatOption): string {
  if (option.cliFlag !== undefined) return option.cliFlag;
  if (option.type === 'boolean') return option.default ? `--no-${kebab(option.key)}` : `--${kebab(option.key)}`;
  return `--${kebab(option.key)}`;
}

/** Anything with option descriptors: a format, or a codec's `encodeOptions`. */
export interface HasOptions {
  readonly options: readonly FormatOption[];
}

export function optionFlagSpecs(format: HasOptions): FlagSpec[] {
  return format.options.map((option) => ({
    flag: optionFlag(option),
    takesValue: option.type !== 'boolean',
    valueName: option.type === 'date' ? 'YYYY-MM-DD' : option.type === 'enum' ? option.choices.join('|') : 'TEXT',
  }));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The option values given on the command line (only those given: the format fills in its
 * defaults). A boolean flag sets the opposite of the option's default (`--no-thinking` turns
 * thinking off, `--add-generation-prompt` turns it on).
 */
export function optionValues(format: HasOptions, args: ParsedArgs, command: string): Partial<OptionValues> {
  const values: Partial<OptionValues> = {};
  for (const option of format.options) {
    const flag = optionFlag(option);
    const given = args.flags.get(flag);
    if (given === undefined) continue;
    switch (option.type) {
      case 'boolean':
        values[option.key] = !option.default;
        break;
      case 'date':
        if (typeof given !== 'string' || !isCalendarDate(given)) throw new CliError(`${command}: ${flag} expects a date as YYYY-MM-DD, got ${JSON.stringify(given)}`);
        values[option.key] = given;
        break;
      case 'enum':
        if (typeof given !== 'string' || !option.choices.includes(given)) throw new CliError(`${command}: ${flag} expects one of ${option.choices.join(', ')}, got ${JSON.stringify(given)}`);
        values[option.key] = given;
        break;
      case 'string':
        values[option.key] = typeof given === 'string' ? given : '';
        break;
    }
  }
  return values;
}

/**
 * `value` as one shell word: bare when safe, else in single quotes; with `$'…'` quoting when it
 * holds a line break or another control character, so that the hint stays on one line
 * (OpenChatML's EOS text can be "\n[EOS]"). `$'…'` is in bash, zsh, ksh and POSIX.1-2024 sh.
 */
export function shellWord(value: string): string {
  if (/^[\w.:/-]+$/.test(value)) return value;
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f]/.test(value)) return `'${value.replace(/'/g, `'\\''`)}'`;
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\\'\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\\' || c === "'") return `\\${c}`;
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `$'${escaped}'`;
}

/** The flags that reproduce `values` (those that differ from the defaults), for "render with …" hints. */
export function flagsFor(format: Format<OptionValues>, values: Record<string, unknown>): string[] {
  const flags: string[] = [];
  for (const option of format.options) {
    const value = values[option.key];
    if (value === undefined || value === option.default) continue;
    const flag = optionFlag(option);
    if (option.type === 'boolean') {
      flags.push(flag);
    } else if (typeof value === 'string') {
      flags.push(`${flag} ${shellWord(value)}`);
    }
  }
  return flags;
}
