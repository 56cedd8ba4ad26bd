/** Looking up formats and dialects by the names given on the command line. */
import { CODECS, FORMATS, findCodec, findFormat, type Format, type InterchangeCodec, type OptionValues } from '../core/index.ts';
import type { ParsedArgs } from './args.ts';
import { stringFlag } from './args.ts';
import { CliError } from './errors.ts';

export function requireFormat(args: ParsedArgs, command: string): Format<OptionValues> {
  const id = stringFlag(args, '--format');
  const known = FORMATS.map((f) => f.id).join(', ');
  if (id === undefined) throw new CliError(`${command}: --format is required (one of: ${known})`);
  const format = findFormat(id);
  if (!format) throw new CliError(`${command}: unknown format ${JSON.stringify(id)} (known: ${known})`);
  return format;
}

export function codecNamed(id: string, flag: string, command: string): InterchangeCodec {
  const codec = findCodec(id);
  if (!codec) throw new CliError(`${command}: unknown dialect ${JSON.stringify(id)} for ${flag} (known: ${CODECS.map((c) => c.id).join(', ')})`);
  return codec;
}

/** The codec named by `flag`, or undefined when the flag is absent (then the input is detected). */
export function optionalCodec(args: ParsedArgs, flag: string, command: string): InterchangeCodec | undefined {
  const id = stringFlag(args, flag);
  return id === undefined ? undefined : codecNamed(id, flag, command);
}

export function dialectList(): string {
  return CODECS.map((c) => c.id).join(', ');
}
