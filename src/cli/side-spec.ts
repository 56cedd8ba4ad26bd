/**
 * A side of `parley compare`: `--a "chatml --arguments as-given"`, one shell-quoted string that
 * holds a format id (or `--format ID`) and that format's flags as `parley render` takes them,
 * plus `--tokenizer` for the side's own tokenizer and the mask flags of `parley tokenize`
 * (mask-flags.ts: the side's labels follow them). The string is split into words as a shell
 * would (single quotes, double quotes with \" and \\, a backslash outside quotes), so that a
 * path with spaces can be given quoted inside it.
 */
import type { FlagSpec } from './args.ts';
import { CliError } from './errors.ts';
import { parseFormatArgs, type FormatArgs } from './format-args.ts';
import { stringFlag } from './args.ts';
import { MASK_FLAGS, maskOf } from './mask-flags.ts';
import type { MaskOptions } from '../core/tokens/index.ts';

export type SideName = 'a' | 'b';

/** The words of `text`, quotes removed; an unclosed quote is an error (the sentence says which). */
export function splitWords(text: string): { words: string[] } | { error: string } {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i] as string;
      else word += c;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + (text[++i] as string);
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote !== undefined) return { error: `the quote ${quote} is not closed` };
  if (word !== undefined) words.push(word);
  return { words };
}

const SIDE_TOKENIZER: FlagSpec = { flag: '--tokenizer', takesValue: true, valueName: 'FILE|NAME' };

export interface SideArgs extends FormatArgs {
  /** The side's own `--tokenizer`, if given. */
  tokenizer: string | undefined;
  /** The side's training mask (the default when it gives no mask flag). */
  mask: MaskOptions;
}

/** The side's format, options and tokenizer name; a bad side is bad input that names the side. */
export function parseSide(spec: string, name: SideName): SideArgs {
  const split = splitWords(spec);
  const where = `compare: --${name} ${JSON.stringify(spec)}`;
  if ('error' in split) throw new CliError(`${where}: ${split.error}`);
  const [first, ...rest] = split.words;
  if (first === undefined) throw new CliError(`compare: --${name} is empty; give a format and its flags, e.g. --${name} "chatml --arguments as-given"`);
  const argv = first.startsWith('-') ? split.words : ['--format', first, ...rest];
  let parsed: FormatArgs;
  try {
    parsed = parseFormatArgs(argv, 'compare', [SIDE_TOKENIZER, ...MASK_FLAGS]);
  } catch (error) {
    // "compare: unknown option --x (see parley compare --help)" → said of the side.
    if (error instanceof CliError) throw new CliError(`${where}: ${error.message.replace(/^compare: /, '')}`);
    throw error;
  }
  if (parsed.args.positionals.length > 0) throw new CliError(`${where}: ${JSON.stringify(parsed.args.positionals[0])} is not a flag of the format; the file to compare goes after the options`);
  let mask: MaskOptions;
  try {
    mask = maskOf(parsed.args, 'compare');
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${where}: ${error.message.replace(/^compare: /, '')}`);
    throw error;
  }
  return { ...parsed, tokenizer: stringFlag(parsed.args, '--tokenizer'), mask };
}
