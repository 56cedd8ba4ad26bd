/**
 * The tokenizer of `--format jinja` when `--tokenizer` is not given: the tokenizer.json beside the
 * `--template` tokenizer_config.json (the model's folder), else the shipped tokenizer the
 * template is known to belong to, by its hash or the model its config names, else Qwen3 as a
 * stand-in (core/tokens/template-tokenizer.ts; docs/tokens.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tokenizerForTemplate } from '../core/tokens/template-tokenizer.ts';
import type { TokenizerSource } from './tokenizer-source.ts';

/** `path`: the `--template` file; `template`: the template read from it. */
export function templateTokenizerSource(path: string, template: string): TokenizerSource {
  const beside = join(dirname(path), 'tokenizer.json');
  if (basename(path) === 'tokenizer_config.json' && existsSync(beside)) return { kind: 'file', path: beside };
  let config: unknown;
  try {
    config = path.endsWith('.json') ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    config = undefined; // read already by --template, which said what was wrong
  }
  const fit = tokenizerForTemplate(template, config);
  if (fit.shipped === undefined) throw new Error('no stand-in tokenizer is shipped');
  return { kind: 'shipped', entry: fit.shipped };
}
