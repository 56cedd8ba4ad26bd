/**
 * The check of a tokenizer's files when they are loaded (issue 20): the engine
 * (`@huggingface/tokenizers`) takes almost anything and fails later, or worse, silently — a model
 * type it does not know becomes a model that gives every word as its own token with a `null` id;
 * an empty vocabulary makes every text `<unk>`. So a file is refused here, in one line naming it
 * and what is wrong, before it can give a count that lies. Used by `loadTokenizer`, so by the
 * app's token worker and `parley tokenize` alike.
 */
export class TokenizerLoadError extends Error {}

/** A text the loaded tokenizer cannot give ids for (a token without an id): one line naming the tokenizer and the token. */
export class TokenizerEncodeError extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The model types the engine implements (its `TokenizerModel` switch); any other is refused. */
export const KNOWN_MODEL_TYPES = ['BPE', 'Unigram', 'WordPiece'] as const;
const KNOWN = KNOWN_MODEL_TYPES.join(', ');

/**
 * A text every usable tokenizer must encode to ids: ASCII letters, punctuation and digits (a
 * tokenizer that cannot encode these is broken for any text; characters beyond ASCII would also
 * refuse tokenizers that are fine for the languages they cover).
 */
export const PROBE_TEXT = 'Hello, world. 123';

/** A tokenizer.json's text, parsed; refused in one line when it is not JSON. */
export function parseTokenizerJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TokenizerLoadError(`${name}: not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/**
 * The model's type as the engine reads it: its `type`, or for an old file without one, what the
 * engine infers (an array vocabulary is Unigram; `continuing_subword_prefix` and `unk_token` are
 * BPE with merges, else WordPiece). Anything else the engine would treat as a word list: undefined.
 */
function modelType(model: Json): string | undefined {
  if (typeof model.type === 'string') return model.type;
  if (Array.isArray(model.vocab)) return 'Unigram';
  if ('continuing_subword_prefix' in model && 'unk_token' in model) return 'merges' in model ? 'BPE' : 'WordPiece';
  return undefined;
}

/** What is wrong with the vocabulary, or undefined: non-empty, every token with an integer id (a score for Unigram). */
function vocabularyProblem(type: string, vocab: unknown): string | undefined {
  if (vocab === undefined || vocab === null) return 'the model has no vocabulary ("model.vocab")';
  if (type === 'Unigram') {
    if (!Array.isArray(vocab)) return 'the Unigram model\'s vocabulary ("model.vocab") is not a list';
    if (vocab.length === 0) return 'the model\'s vocabulary ("model.vocab") is empty';
    const bad = vocab.findIndex((entry) => !Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number');
    return bad === -1 ? undefined : `the model's vocabulary ("model.vocab") entry ${bad} is not a [token, score] pair`;
  }
  if (!isObject(vocab)) return `the ${type} model's vocabulary ("model.vocab") is not an object of token ids`;
  // A loop, not Object.entries: a vocabulary can hold a million tokens, and this runs on every load.
  let tokens = 0;
  for (const token in vocab) {
    const id = vocab[token];
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) return `the model's vocabulary ("model.vocab") gives ${JSON.stringify(token)} no id`;
    tokens++;
  }
  return tokens === 0 ? 'the model\'s vocabulary ("model.vocab") is empty' : undefined;
}

/**
 * Checks the files before the engine builds a tokenizer from them; throws `TokenizerLoadError`
 * ("NAME: what is wrong.") when they cannot give true counts.
 */
export function checkTokenizerFiles(tokenizer: unknown, config: unknown, name: string): asserts tokenizer is Json & { model: Json } {
  const refuse = (what: string): never => {
    throw new TokenizerLoadError(`${name}: ${what}.`);
  };
  if (!isObject(tokenizer) || !isObject(tokenizer.model)) refuse('not a tokenizer.json (it has no "model")');
  if (config !== undefined && !isObject(config)) refuse('its tokenizer_config.json is not a JSON object');
  const model = (tokenizer as { model: Json }).model;
  const type = modelType(model);
  if (type === undefined) refuse(`the model has no "type" (${KNOWN})`);
  else if (!(KNOWN_MODEL_TYPES as readonly string[]).includes(type)) refuse(`the model type ${JSON.stringify(type)} is not one Parley can tokenize with (${KNOWN})`);
  const problem = vocabularyProblem(type as string, model.vocab);
  if (problem !== undefined) refuse(problem);
  if (type === 'BPE' && !Array.isArray(model.merges)) refuse('the BPE model has no "merges" list');
}

/** What the checks after loading need of the engine's tokenizer. */
export interface LoadedForCheck {
  encode(text: string, options: { add_special_tokens: boolean }): { ids: unknown[]; tokens: string[] };
  token_to_id(token: string): number | undefined;
}

/**
 * Checks the engine's tokenizer once built: its unknown token has an id (the engine gives that
 * id to every text it cannot read, `null` when there is none), and a test text encodes to ids.
 */
export function checkLoadedTokenizer(hf: LoadedForCheck, tokenizer: unknown, name: string): void {
  const refuse = (what: string): never => {
    throw new TokenizerLoadError(`${name}: ${what}.`);
  };
  const model = (tokenizer as { model: Json }).model;
  if (typeof model.unk_token === 'string' && hf.token_to_id(model.unk_token) === undefined) refuse(`the unknown token ${JSON.stringify(model.unk_token)} is not in the vocabulary`);
  let encoded: { ids: unknown[]; tokens: string[] };
  try {
    encoded = hf.encode(PROBE_TEXT, { add_special_tokens: false });
  } catch (error) {
    return refuse(`a test text (${JSON.stringify(PROBE_TEXT)}) cannot be encoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (encoded.ids.length === 0) refuse(`a test text (${JSON.stringify(PROBE_TEXT)}) encodes to no tokens`);
  const without = encoded.tokens.filter((_, i) => !Number.isInteger(encoded.ids[i]));
  if (without.length > 0) refuse(`a test text (${JSON.stringify(PROBE_TEXT)}) encodes to tokens without an id: ${without.map((t) => JSON.stringify(t)).join(', ')}`);
}

/**
 * Every id of an encoding is an integer: the test text at load time cannot cover every text (a
 * Unigram model without an unknown token has no id for a character outside its vocabulary), so
 * each encoding is checked too, and refused rather than given with `null` (or, in typed arrays, 0) ids.
 */
export function assertIds(ids: readonly unknown[], tokens: readonly string[], name: string): void {
  const missing = ids.findIndex((id) => !Number.isInteger(id));
  if (missing !== -1) throw new TokenizerEncodeError(`${name} has no id for the token ${JSON.stringify(tokens[missing])} (it is not in the vocabulary, and the tokenizer has no unknown token).`);
}
