/**
 * Every token format Parley knows. One line per format: the app's format menu, the CLI's
 * `--format` and `parley formats` all read this list.
 * (Format methods are declared with method syntax, so a Format<ItsOwnOptions> fits here as long
 * as its options are a `type` alias, not an interface.)
 */
import type { OptionValues } from '../shared/options.ts';
import type { Format } from './types.ts';
import { apertusFormat } from './apertus/index.ts';
import { rwkvFormat } from './rwkv/index.ts';
import { openChatMlFormat } from './openchatml/index.ts';
import { chatMlFormat } from './chatml/index.ts';
import { llama3Format } from './llama3/index.ts';
import { harmonyFormat } from './harmony/index.ts';
import { jinjaFormat } from './jinja/index.ts';

export const FORMATS: readonly Format<OptionValues>[] = [
  apertusFormat,
  rwkvFormat,
  openChatMlFormat,
  chatMlFormat,
  llama3Format,
  harmonyFormat,
  jinjaFormat,
];

export function findFormat(id: string): Format<OptionValues> | undefined {
  return FORMATS.find((format) => format.id === id);
}

/**
 * The format `id`, its on-demand code loaded (Format.prepare): ready to render and parse at
 * once. Undefined for an unknown id. What a library caller uses instead of `findFormat`.
 */
export async function loadFormat(id: string): Promise<Format<OptionValues> | undefined> {
  const format = findFormat(id);
  await format?.prepare?.();
  return format;
}
