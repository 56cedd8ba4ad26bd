/**
 * The tokenizer of a chat template (the Jinja format): a template known to belong to a shipped
 * tokenizer (formats/jinja/known-templates.ts: by its hash, else by the model its
 * tokenizer_config.json names) uses that one, as its own or as a stand-in said to be one; any
 * other template gets Qwen3 as a stand-in (the default template is ChatML, which Qwen3 reads),
 * said to be approximate. A tokenizer.json given with the template's config is its own (the app
 * and the command load it; this module only names shipped ones).
 */
import { knownTemplateOf } from '../formats/jinja/known-templates.ts';
import { findDefaultTokenizer, type FormatTokenizer } from './defaults.ts';

/** The tokenizer that fits `template` (and the parsed tokenizer_config.json it came from, when given). */
export function tokenizerForTemplate(template: string, config?: unknown): FormatTokenizer {
  const match = knownTemplateOf(template, config);
  const how = match && (match.by === 'hash' ? `the template is ${match.model}'s` : `its tokenizer_config.json names ${match.model}`);
  const shipped = match?.known.tokenizer && findDefaultTokenizer(match.known.tokenizer.id);
  if (how && shipped) {
    const own = match?.known.tokenizer?.own === true;
    return {
      shipped,
      own,
      modelId: own ? shipped.modelId : undefined,
      note: own ? `${shipped.label}'s tokenizer: ${how}.` : `${shipped.label}'s tokenizer stands in: ${how}, whose tokenizer is not shipped.`,
    };
  }
  const why = how ? `Qwen3's tokenizer stands in: ${how}, whose tokenizer is not shipped.` : "The template is not one Parley knows: Qwen3's tokenizer stands in (the default template is ChatML).";
  return {
    shipped: findDefaultTokenizer('qwen3'),
    own: false,
    modelId: undefined,
    note: `${why} Drop the template's tokenizer_config.json with its tokenizer.json, or load a tokenizer, for exact counts.`,
  };
}
