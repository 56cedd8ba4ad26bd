/**
 * The tokenizer that fits what the app shows: the format's (core/tokens/defaults.ts), or, for the
 * Jinja format, the template's (core/tokens/template-tokenizer.ts): the tokenizer.json dropped
 * with its config, a shipped one known to be the template's, else a stand-in said to be one.
 */
import { DEFAULT_JINJA_TEMPLATE } from '../../core/index.ts';
import { defaultTokenizerFor, type FormatTokenizer } from '../../core/tokens/defaults.ts';
import { tokenizerForTemplate } from '../../core/tokens/template-tokenizer.ts';
import { templateOrigin } from '../jinja/template-origin.ts';
import type { AppState } from '../store/index.ts';

export interface AppFit extends FormatTokenizer {
  /** The template's own tokenizer files, to load instead of a shipped one. */
  files?: readonly File[];
  /** Changes when another tokenizer fits (the view then loads it, if it follows the format). */
  key: string;
}

export function fitFor(state: Pick<AppState, 'formatId' | 'formatOptions'>): AppFit {
  if (state.formatId !== 'jinja') {
    const fit = defaultTokenizerFor(state.formatId);
    return { ...fit, key: `${state.formatId}:${fit.shipped?.id ?? ''}` };
  }
  const given = state.formatOptions.jinja?.template;
  return templateFit(typeof given === 'string' ? given : DEFAULT_JINJA_TEMPLATE);
}

/**
 * The tokenizer of a Jinja template: the tokenizer.json given with the tokenizer_config.json it
 * came from (the Template view's origin), else the shipped one known to be its own (by its hash,
 * or the model `config` or the origin's config names), else a stand-in said to be one.
 */
export function templateFit(template: string, config?: unknown): AppFit {
  const origin = templateOrigin(template);
  if (origin?.files !== undefined) {
    return {
      shipped: undefined,
      own: true,
      modelId: undefined,
      files: origin.files,
      note: "The template's own tokenizer: the tokenizer.json given with its tokenizer_config.json.",
      key: `jinja:files:${origin.files.map((file) => `${file.name}/${file.size}/${file.lastModified}`).join(',')}`,
    };
  }
  const fit = tokenizerForTemplate(template, config ?? origin?.config);
  return { ...fit, key: `jinja:${fit.shipped?.id ?? ''}:${fit.own}` };
}
