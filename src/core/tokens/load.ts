/**
 * A `Tokenizer` from a tokenizer.json (and tokenizer_config.json): `@huggingface/tokenizers`
 * does the tokenizing; Parley adds the character ranges (align.ts) and what its views need.
 */
import { Tokenizer as HfTokenizer } from '@huggingface/tokenizers';
import { align } from './align.ts';
import { assertIds, checkLoadedTokenizer, checkTokenizerFiles, TokenizerLoadError } from './check.ts';
import { textBytes } from './text-bytes.ts';
import { spellingOf } from './token-bytes.ts';
import type { EncodeOptions, TokenEncoding, Tokenizer, TokenizerFiles } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `bos_token` is a string or `{ content: … }` in tokenizer_config.json. */
function tokenName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.content === 'string') return value.content;
  return undefined;
}

export { TokenizerLoadError };

/**
 * The tokens a tokenizer adds around every text: what its post-processor adds (found by encoding
 * one character with and without), corrected by tokenizer_config.json's `add_bos_token` and
 * `add_eos_token` as Hugging Face's Llama-family tokenizer classes do (they rebuild the
 * post-processor from these flags, so `false` drops a BOS the tokenizer.json adds, and `true`
 * adds one it does not).
 */
function framing(hf: HfTokenizerApi, config: Json): { prefix: string[]; suffix: string[] } {
  const probe = 'a';
  const bare = hf.encode(probe, { add_special_tokens: false }).tokens;
  const full = hf.encode(probe).tokens;
  const first = full.indexOf(bare[0] ?? '');
  let prefix = first > 0 ? full.slice(0, first) : [];
  let suffix = full.slice(Math.max(0, first) + bare.length);
  const bos = tokenName(config.bos_token);
  const eos = tokenName(config.eos_token);
  if (config.add_bos_token === false && bos !== undefined) prefix = prefix.filter((t) => t !== bos);
  if (config.add_bos_token === true && bos !== undefined && !prefix.includes(bos) && hf.token_to_id(bos) !== undefined) prefix = [bos, ...prefix];
  if (config.add_eos_token === false && eos !== undefined) suffix = suffix.filter((t) => t !== eos);
  if (config.add_eos_token === true && eos !== undefined && !suffix.includes(eos) && hf.token_to_id(eos) !== undefined) suffix = [...suffix, eos];
  return { prefix, suffix };
}

/**
 * What Parley uses of the library's tokenizer, declared here: the package's own .d.ts files
 * import each other without extensions, which the library build's NodeNext resolution cannot
 * follow (it would see `any`).
 */
interface HfTokenizerApi {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[]; tokens: string[] };
  decode(ids: number[], options?: { skip_special_tokens?: boolean; clean_up_tokenization_spaces?: boolean }): string;
  id_to_token(id: number): string | undefined;
  token_to_id(token: string): number | undefined;
  get_added_tokens_decoder(): Map<number, { content: string }>;
  get_vocab(withAddedTokens?: boolean): Map<string, number>;
}

/**
 * Loads a tokenizer; throws `TokenizerLoadError` (one line naming `name`) when the files cannot
 * give true counts (check.ts: model type, vocabulary, config, a test encoding).
 */
export function loadTokenizer(files: TokenizerFiles, name = 'tokenizer.json'): Tokenizer {
  checkTokenizerFiles(files.tokenizer, files.config, name);
  const config = isObject(files.config) ? files.config : {};
  let hf: HfTokenizerApi;
  try {
    hf = new HfTokenizer(files.tokenizer, config) as HfTokenizerApi;
  } catch (error) {
    throw new TokenizerLoadError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  checkLoadedTokenizer(hf, files.tokenizer, name);
  const spelling = spellingOf(files.tokenizer);
  const addedIds = new Set(hf.get_added_tokens_decoder().keys());
  const addedTokens = new Set([...hf.get_added_tokens_decoder().values()].map((t) => t.content));

  const { prefix, suffix } = framing(hf, config);
  const prefixText = prefix.join('');
  const suffixText = suffix.join('');
  const idOf = (token: string): number => hf.token_to_id(token) ?? -1;
  const prefixIds = prefix.map(idOf);
  const suffixIds = suffix.map(idOf);

  let vocabSize: number | undefined;

  return {
    name,
    addsPrefix: prefix,
    addsSuffix: suffix,
    bosToken: tokenName(config.bos_token) ?? prefix[0],
    eosToken: tokenName(config.eos_token),
    addedTokens,
    get vocabSize() {
      vocabSize ??= hf.get_vocab(true).size;
      return vocabSize;
    },
    encode(text: string, options: EncodeOptions = {}): TokenEncoding {
      const mode = options.addSpecialTokens ?? 'auto';
      // The tokenizer's own tokens around the text are added here, not by the library's
      // post-processor, so that tokenizer_config.json's add_bos_token/add_eos_token count (see `framing`).
      const front = mode === true || (mode === 'auto' && prefix.length > 0 && !text.startsWith(prefixText));
      const back = mode === true || (mode === 'auto' && suffix.length > 0 && !text.endsWith(suffixText));
      const core = hf.encode(text, { add_special_tokens: false });
      assertIds(core.ids, core.tokens, name);
      const ids = [...(front ? prefixIds : []), ...core.ids, ...(back ? suffixIds : [])];
      const tokens = [...(front ? prefix : []), ...core.tokens, ...(back ? suffix : [])];
      const added = ids.map((id) => addedIds.has(id));
      const outside = new Array<boolean>(ids.length).fill(false);
      if (front) outside.fill(true, 0, prefix.length);
      if (back) outside.fill(true, ids.length - suffix.length);
      const { starts, ends, partial, exact } = align(textBytes(text), tokens, added, outside, spelling);
      return { ids, tokens, starts, ends, partial, added, exact };
    },
    decode: (ids) => hf.decode([...ids], { skip_special_tokens: false, clean_up_tokenization_spaces: false }),
    idToToken: (id) => hf.id_to_token(id),
    tokenToId: (token) => hf.token_to_id(token),
    tokenText: (id) => hf.decode([id], { skip_special_tokens: false, clean_up_tokenization_spaces: false }),
  };
}
