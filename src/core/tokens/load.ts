/**
 * A `Tokenizer` from a tokenizer.json (and tokenizer_config.json): `@huggingface/tokenizers`
 * does the tokenizing; Parley adds the character ranges (align.ts) and what its views need.
 */
import { Tokenizer as HfTokenizer } from '@huggingface/tokenizers';
import { align } from './align.ts';
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

export class TokenizerLoadError extends Error {}

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

/** Loads a tokenizer; throws `TokenizerLoadError` (one line) when the files are not a tokenizer.json. */
export function loadTokenizer(files: TokenizerFiles, name = 'tokenizer.json'): Tokenizer {
  if (!isObject(files.tokenizer) || !isObject(files.tokenizer.model)) {
    throw new TokenizerLoadError(`${name}: not a tokenizer.json (it has no "model")`);
  }
  const config = isObject(files.config) ? files.config : {};
  let hf: HfTokenizerApi;
  try {
    hf = new HfTokenizer(files.tokenizer, config) as HfTokenizerApi;
  } catch (error) {
    throw new TokenizerLoadError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const spelling = spellingOf(files.tokenizer);
  const addedIds = new Set(hf.get_added_tokens_decoder().keys());
  const addedTokens = new Set([...hf.get_added_tokens_decoder().values()].map((t) => t.content));

  // What the post-processor adds around any text: encode one character with and without.
  const probe = 'a';
  const bare = hf.encode(probe, { add_special_tokens: false }).tokens;
  const full = hf.encode(probe).tokens;
  const firstBare = full.indexOf(bare[0] ?? '');
  const addsPrefix = firstBare > 0 ? full.slice(0, firstBare) : [];
  const addsSuffix = full.slice(Math.max(0, firstBare) + bare.length);
  const prefixText = addsPrefix.join('');
  const suffixText = addsSuffix.join('');

  let vocabSize: number | undefined;

  return {
    name,
    addsPrefix,
    bosToken: tokenName(config.bos_token) ?? addsPrefix[0],
    eosToken: tokenName(config.eos_token),
    addedTokens,
    get vocabSize() {
      vocabSize ??= hf.get_vocab(true).size;
      return vocabSize;
    },
    encode(text: string, options: EncodeOptions = {}): TokenEncoding {
      const mode = options.addSpecialTokens ?? 'auto';
      const addSpecial =
        mode === 'auto'
          ? (addsPrefix.length > 0 || addsSuffix.length > 0) &&
            !(prefixText !== '' && text.startsWith(prefixText)) &&
            !(suffixText !== '' && text.endsWith(suffixText))
          : mode;
      const encoded = hf.encode(text, { add_special_tokens: addSpecial });
      const { ids, tokens } = encoded;
      const added = ids.map((id) => addedIds.has(id));
      const outside = new Array<boolean>(ids.length).fill(false);
      if (addSpecial) {
        for (let i = 0; i < addsPrefix.length && i < ids.length; i++) outside[i] = true;
        for (let i = 0; i < addsSuffix.length && i < ids.length; i++) outside[ids.length - 1 - i] = true;
      }
      const { starts, ends, partial, exact } = align(textBytes(text), tokens, added, outside, spelling);
      return { ids, tokens, starts, ends, partial, added, exact };
    },
    decode: (ids) => hf.decode([...ids], { skip_special_tokens: false, clean_up_tokenization_spaces: false }),
    idToToken: (id) => hf.id_to_token(id),
    tokenToId: (token) => hf.token_to_id(token),
    tokenText: (id) => hf.decode([id], { skip_special_tokens: false, clean_up_tokenization_spaces: false }),
  };
}
