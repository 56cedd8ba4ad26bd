/**
 * Tokenizers for the tests: two tiny hand-written tokenizer.json files (whose every token the
 * tests can predict by hand) and the shipped ones, read from node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { findDefaultTokenizer } from './defaults.ts';
import { loadTokenizer } from './load.ts';
import type { Tokenizer } from './types.ts';

const special = (id: number, content: string) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });

/**
 * A Llama-2-like SentencePiece BPE: Metaspace spaces (`▁`), byte fallback for every character
 * not in its vocabulary, and a BOS `<s>` its post-processor adds to every encoding.
 * Vocabulary: `<unk>` 0, `<s>` 1, `</s>` 2, `<0x00>`…`<0xFF>` 3…258, then ▁ h i ▁h ▁hi é.
 */
export function byteFallbackFiles(): { tokenizer: object; config: object } {
  const vocab: Record<string, number> = { '<unk>': 0, '<s>': 1, '</s>': 2 };
  for (let b = 0; b < 256; b++) vocab[`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`] = 3 + b;
  for (const [k, piece] of ['▁', 'h', 'i', '▁h', '▁hi', 'é'].entries()) vocab[piece] = 259 + k;
  const tokenizer = {
    version: '1.0',
    added_tokens: [special(0, '<unk>'), special(1, '<s>'), special(2, '</s>')],
    normalizer: { type: 'Sequence', normalizers: [{ type: 'Prepend', prepend: '▁' }, { type: 'Replace', pattern: { String: ' ' }, content: '▁' }] },
    pre_tokenizer: null,
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
      pair: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } },
    },
    decoder: {
      type: 'Sequence',
      decoders: [
        { type: 'Replace', pattern: { String: '▁' }, content: ' ' },
        { type: 'ByteFallback' },
        { type: 'Fuse' },
        { type: 'Strip', content: ' ', start: 1, stop: 0 },
      ],
    },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: '<unk>',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: true,
      byte_fallback: true,
      ignore_merges: false,
      vocab,
      merges: [['▁', 'h'], ['▁h', 'i']],
    },
  };
  return { tokenizer, config: { bos_token: '<s>', eos_token: '</s>', add_bos_token: true } };
}

export function byteFallbackTokenizer(): Tokenizer {
  return loadTokenizer(byteFallbackFiles(), 'byte-fallback');
}

/**
 * A Unigram tokenizer.json whose vocabulary is the newline and the printable ASCII characters,
 * one token each, with no unknown token: any other character has no id.
 */
export function asciiUnigram(): object {
  const vocab = [['\n', -1], ...Array.from({ length: 95 }, (_, i) => [String.fromCharCode(32 + i), -1])];
  return { version: '1.0', added_tokens: [], normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null, model: { type: 'Unigram', unk_id: null, vocab } };
}

const require = createRequire(import.meta.url);
const cache = new Map<string, Tokenizer>();

/** A shipped tokenizer (`qwen3`, `llama3.1`, `gpt-oss`), loaded once per test file. */
export function shippedTokenizer(id: string): Tokenizer {
  const cached = cache.get(id);
  if (cached !== undefined) return cached;
  const entry = findDefaultTokenizer(id);
  if (entry === undefined) throw new Error(`no shipped tokenizer ${id}`);
  const read = (spec: string): unknown => JSON.parse(readFileSync(require.resolve(spec), 'utf8'));
  const tokenizer = loadTokenizer({ tokenizer: read(entry.tokenizerJson), config: read(entry.configJson) }, id);
  cache.set(id, tokenizer);
  return tokenizer;
}
