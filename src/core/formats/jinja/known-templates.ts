/**
 * The chat templates Parley knows: each model's official `chat_template`, by a hash of its
 * text, with the format Parley renders natively from it (Compare opens a pasted template
 * against it: compare/native-match.ts) and the shipped tokenizer it uses (the Jinja format's
 * tokenizer: tokens/template-tokenizer.ts). A template is recognised by its hash first, else by
 * the model its tokenizer_config.json names. Only exact copies count: an edited template is
 * another template, whose differences are real.
 *
 * To add one: its entry below, and where its official file is read from in
 * known-templates.test.ts, which recomputes every hash from ../shared/reference.
 */

const FNV_PRIME = 0x01000193;
const FNV_OFFSETS = [0x811c9dc5, 0x050c5d1f] as const;

/**
 * A fingerprint of a template's text: two 32-bit FNV-1a hashes with different offsets, as 16
 * hex digits. Not cryptographic (nobody gains by forging a template that is paired with the
 * wrong format or tokenizer), sync and tiny, where SHA-256 would need the async WebCrypto or a
 * dependency. The text is taken without the white space around it and with CRLF line ends as
 * LF, the two ways a copied template changes (a .jinja file ends with a line break, the
 * config's string may not; a paste on Windows brings CRLF).
 */
export function templateHash(template: string): string {
  const text = template.replace(/\r\n/g, '\n').trim();
  return FNV_OFFSETS.map((offset) => {
    let hash: number = offset;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
    return (hash >>> 0).toString(16).padStart(8, '0');
  }).join('');
}

export interface KnownTemplate {
  /** The model whose official template it is. */
  model: string;
  /** templateHash of that template. */
  hash: string;
  /** The format Parley renders natively from it, if any. */
  formatId?: string;
  /**
   * The shipped tokenizer (tokens/defaults.ts id) it uses, and whether that is the model's own
   * (false: the closest shipped one, a stand-in); none when no shipped one fits.
   */
  tokenizer?: { id: string; own: boolean };
  /** Model names (a config's name_or_path) that ship this very template. */
  names?: RegExp;
  /** Name prefixes of the models that share its tokenizer (not always its template). */
  tokenizerFamily?: readonly string[];
}

export const KNOWN_TEMPLATES: readonly KnownTemplate[] = [
  {
    model: 'Qwen/Qwen2.5-7B-Instruct',
    hash: 'e21d167d02f51e4b',
    formatId: 'chatml',
    // Qwen3's vocabulary is Qwen2.5's plus four tokens (<tool_response>, </tool_response>,
    // <think>, </think>), which Qwen2.5's tokenizer splits: close, not the same.
    tokenizer: { id: 'qwen3', own: false },
    names: /(^|\/)Qwen2\.5-\d+(\.\d+)?B-Instruct$/i,
  },
  {
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    hash: '6436cd38963abb16',
    formatId: 'llama3',
    tokenizer: { id: 'llama3.1', own: true },
    names: /(^|\/)(Meta-)?Llama-3\.1-\d+B-Instruct$/i,
    tokenizerFamily: ['meta-llama/Llama-3.1-', 'meta-llama/Meta-Llama-3.1-'],
  },
  {
    model: 'Qwen/Qwen3-0.6B',
    hash: 'e86e1aae3f0cbfac',
    tokenizer: { id: 'qwen3', own: true },
    tokenizerFamily: ['Qwen/Qwen3-'],
  },
  {
    model: 'meta-llama/Llama-3.2-11B-Vision-Instruct',
    hash: '0e5f8123b32fb975',
    // Llama 3.2's tokenizer is Llama 3.1's with an <|image|> token added.
    tokenizer: { id: 'llama3.1', own: false },
  },
  {
    model: 'swiss-ai/Apertus-8B-Instruct',
    hash: 'b99153eab51dc290',
    formatId: 'apertus',
    // Its tokenizer is not on npm (tokens/defaults.ts): none is shipped.
    names: /(^|\/)Apertus-\d+B(-Instruct)?(-\d+)?$/i,
  },
  {
    model: 'openai/gpt-oss-20b',
    hash: '22c2e304f7eead8e',
    formatId: 'harmony',
    tokenizer: { id: 'gpt-oss', own: true },
    names: /(^|\/)gpt-oss-\d+b$/i,
    tokenizerFamily: ['openai/gpt-oss-'],
  },
];

export interface KnownMatch {
  known: KnownTemplate;
  /** The model: the entry's (by hash), else the one the config names. */
  model: string;
  /** hash: this very template; model: the config names a model that ships it; family: one that shares only its tokenizer. */
  by: 'hash' | 'model' | 'family';
}

/** The known template `template` is (by its hash), else the one of the model a parsed tokenizer_config.json names. */
export function knownTemplateOf(template: string, config?: unknown): KnownMatch | undefined {
  const hash = templateHash(template);
  const byHash = KNOWN_TEMPLATES.find((entry) => entry.hash === hash);
  if (byHash) return { known: byHash, model: byHash.model, by: 'hash' };
  const model = configModel(config);
  if (model === undefined) return undefined;
  const byName = KNOWN_TEMPLATES.find((entry) => entry.names?.test(model));
  if (byName) return { known: byName, model, by: 'model' };
  const byFamily = KNOWN_TEMPLATES.find((entry) => entry.tokenizerFamily?.some((prefix) => model.startsWith(prefix)));
  return byFamily ? { known: byFamily, model, by: 'family' } : undefined;
}

/** The model a parsed tokenizer_config.json names (`name_or_path`, or transformers' `_name_or_path`). */
export function configModel(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const record = config as Record<string, unknown>;
  for (const key of ['name_or_path', '_name_or_path']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** A tokenizer_config.json's text as a parsed object (for knownTemplateOf), or nothing when it is not a JSON object. */
export function parseConfigText(configText: string): object | undefined {
  if (!configText.trimStart().startsWith('{')) return undefined;
  try {
    const json = JSON.parse(configText) as unknown;
    return typeof json === 'object' && json !== null ? json : undefined;
  } catch {
    return undefined;
  }
}
