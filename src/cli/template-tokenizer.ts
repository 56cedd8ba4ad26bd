/**
 * The tokenizer a command uses when `--tokenizer` is not given: the format's own (core's
 * defaultTokenizerFor), or for `--format jinja` the template's: the tokenizer.json beside the
 * `--template` tokenizer_config.json (the model's folder), else the shipped tokenizer the
 * template is known to belong to, by its hash or the model its config names, else Qwen3 as a
 * stand-in (core/tokens/template-tokenizer.ts; docs/tokens.md). A stand-in is said to be one:
 * its counts are approximate. One choice for `parley tokenize` and `parley stats`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_JINJA_TEMPLATE, type Format, type OptionValues } from '../core/index.ts';
import { defaultTokenizerFor } from '../core/tokens/defaults.ts';
import { tokenizerForTemplate } from '../core/tokens/template-tokenizer.ts';
import type { ParsedArgs } from './args.ts';
import { tokenizerSource, type TokenizerSource } from './tokenizer-source.ts';

export interface ChosenTokenizer {
  source: TokenizerSource;
  /** Not the format's (or template's) own tokenizer but one standing in: counts are approximate. */
  standIn: boolean;
  /** Why this one, when it was chosen for the format (a sentence, as the app shows it). */
  note?: string;
}

/** `path`: the `--template` file; `template`: the template read from it (the default template when none was given). */
export function templateTokenizerSource(path: string | undefined, template: string): ChosenTokenizer {
  const beside = path === undefined ? undefined : join(dirname(path), 'tokenizer.json');
  if (path !== undefined && beside !== undefined && basename(path) === 'tokenizer_config.json' && existsSync(beside)) {
    return { source: { kind: 'file', path: beside }, standIn: false, note: "The template's own tokenizer: the tokenizer.json beside its tokenizer_config.json." };
  }
  let config: unknown;
  try {
    config = path?.endsWith('.json') === true ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    config = undefined; // read already by --template, which said what was wrong
  }
  const fit = tokenizerForTemplate(template, config);
  if (fit.shipped === undefined) throw new Error('no stand-in tokenizer is shipped');
  return { source: { kind: 'shipped', entry: fit.shipped }, standIn: !fit.own, note: fit.note };
}

/** `given` (the `--tokenizer` value), else the format's own; for jinja, the template's. */
export function chooseTokenizer(given: string | undefined, args: ParsedArgs, format: Format<OptionValues>, options: Partial<OptionValues>, command: string): ChosenTokenizer {
  if (given !== undefined) return { source: tokenizerSource(given, format.id, command), standIn: false };
  if (format.id === 'jinja') {
    const path = args.flags.get('--template');
    return templateTokenizerSource(typeof path === 'string' ? path : undefined, typeof options.template === 'string' ? options.template : DEFAULT_JINJA_TEMPLATE);
  }
  const fit = defaultTokenizerFor(format.id);
  return { source: tokenizerSource(undefined, format.id, command), standIn: !fit.own, note: fit.note };
}
