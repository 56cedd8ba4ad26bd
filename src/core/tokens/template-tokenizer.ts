/**
 * The tokenizer of a chat template (the Jinja format): a template known to belong to a shipped
 * tokenizer, by its hash or by the model its tokenizer_config.json names, uses that one as its
 * own; an unknown template gets Qwen3 as a stand-in (the default template is ChatML, which
 * Qwen3 reads), said to be approximate. A tokenizer.json given with the template's config is
 * its own (the app and the command load it; this module only names shipped ones).
 */
import { findDefaultTokenizer, type FormatTokenizer } from './defaults.ts';

/**
 * cyrb53 of the template (53 bits, as a hex string), without trailing whitespace (a .jinja file
 * ends with a line break, the config's string may not). Enough to tell a handful of known
 * templates apart; a template edited by one character is another template.
 */
export function templateHash(template: string): string {
  const text = template.trimEnd();
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

interface KnownTemplate {
  model: string;
  /** The shipped tokenizer (core/tokens/defaults.ts id). */
  tokenizer: string;
  /** The shipped one is the model's own tokenizer (false: the closest, a stand-in). */
  own: boolean;
}

/**
 * Templates as their models ship them (hashes of the files listed in ../shared/reference's
 * SOURCES.md; test/tokens/template-tokenizer.test.ts checks each against its file).
 */
export const KNOWN_TEMPLATES: Readonly<Record<string, KnownTemplate>> = {
  '1fda56c20c15e5': { model: 'meta-llama/Llama-3.1-8B-Instruct', tokenizer: 'llama3.1', own: true },
  '6fdff0da17467': { model: 'Qwen/Qwen3-0.6B', tokenizer: 'qwen3', own: true },
  '18b4b91b1ceeba': { model: 'openai/gpt-oss-20b', tokenizer: 'gpt-oss', own: true },
  // Qwen3's vocabulary is Qwen2.5's plus four tokens (<tool_response>, </tool_response>, <think>,
  // </think>), which Qwen2.5's tokenizer splits: close, not the same.
  '1647e9b87a1743': { model: 'Qwen/Qwen2.5-7B-Instruct', tokenizer: 'qwen3', own: false },
  // Llama 3.2's tokenizer is Llama 3.1's with an <|image|> token added.
  d1c95034f5441: { model: 'meta-llama/Llama-3.2-11B-Vision-Instruct', tokenizer: 'llama3.1', own: false },
};

/** Models by the name a tokenizer_config.json gives (`name_or_path`), by prefix: the family shares its tokenizer. */
const KNOWN_MODELS: readonly { prefix: string; tokenizer: string; own: boolean }[] = [
  { prefix: 'Qwen/Qwen3-', tokenizer: 'qwen3', own: true },
  { prefix: 'meta-llama/Llama-3.1-', tokenizer: 'llama3.1', own: true },
  { prefix: 'meta-llama/Meta-Llama-3.1-', tokenizer: 'llama3.1', own: true },
  { prefix: 'openai/gpt-oss-', tokenizer: 'gpt-oss', own: true },
];

/** The model a tokenizer_config.json names (`name_or_path`, or transformers' `_name_or_path`). */
export function configModel(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const record = config as Record<string, unknown>;
  for (const key of ['name_or_path', '_name_or_path']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The tokenizer that fits `template` (and the config it came from, when given). */
export function tokenizerForTemplate(template: string, config?: unknown): FormatTokenizer {
  const known = KNOWN_TEMPLATES[templateHash(template)];
  const model = configModel(config);
  const byModel = model === undefined ? undefined : KNOWN_MODELS.find((entry) => model.startsWith(entry.prefix));
  const choice = known ?? (byModel && model ? { model, tokenizer: byModel.tokenizer, own: byModel.own } : undefined);
  const shipped = choice && findDefaultTokenizer(choice.tokenizer);
  if (choice && shipped) {
    const how = known ? `the template is ${choice.model}'s` : `its tokenizer_config.json names ${choice.model}`;
    return {
      shipped,
      own: choice.own,
      modelId: choice.own ? shipped.modelId : undefined,
      note: choice.own ? `${shipped.label}'s tokenizer: ${how}.` : `${shipped.label}'s tokenizer stands in: ${how}, whose tokenizer is not shipped.`,
    };
  }
  const standIn = findDefaultTokenizer('qwen3');
  return {
    shipped: standIn,
    own: false,
    modelId: undefined,
    note: "The template is not one Parley knows: Qwen3's tokenizer stands in (the default template is ChatML). Drop the template's tokenizer_config.json with its tokenizer.json, or load a tokenizer, for exact counts.",
  };
}
