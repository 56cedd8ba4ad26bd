/**
 * What `render` and `validate` read from their command line alike: the format and its option
 * flags, the dialect choice (`--input-dialect`, else the format's native one or detection) and
 * the input file. Also what a `--jobs` worker rebuilds from the same arguments.
 */
import { dialectContextOf, type Format, type OptionValues } from '../core/index.ts';
import { inputArgument, type FlagSpec, type ParsedArgs } from './args.ts';
import type { DialectChoice } from './dialect.ts';
import { parseFormatArgs } from './format-args.ts';
import { optionalCodec } from './registries.ts';

export interface FormatInput {
  args: ParsedArgs;
  format: Format<OptionValues>;
  options: Partial<OptionValues>;
  choice: DialectChoice;
  file: string | undefined;
}

export function parseFormatInput(argv: readonly string[], command: string, specs: readonly FlagSpec[]): FormatInput {
  const { args, format, options } = parseFormatArgs(argv, command, specs);
  const readAs = optionalCodec(args, '--input-dialect', command)?.id;
  // The dialect context of core's CheckProfile: a record is read as the same dialect as in the app.
  const choice: DialectChoice = { ...dialectContextOf({ formatId: format.id, ...(readAs === undefined ? {} : { readAs }) }), format, flag: '--input-dialect' };
  return { args, format, options, choice, file: inputArgument(args, command) };
}
