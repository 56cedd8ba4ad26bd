/**
 * A tokenizer's files are checked when they are loaded: a file the engine cannot use is refused
 * with one line naming the file and what is wrong, never loaded to give `null` ids or a count of
 * `<unk>`s. Each broken file is the hand-written byte-fallback tokenizer with one thing broken.
 */
import { describe, expect, it } from 'vitest';
import { parseTokenizerJson, TokenizerEncodeError, TokenizerLoadError } from './check.ts';
import { loadTokenizer } from './load.ts';
import { asciiUnigram, byteFallbackFiles } from './test-tokenizers.ts';

type Json = Record<string, unknown>;

/** The byte-fallback tokenizer's files, its tokenizer.json's model changed by `change`. */
function withModel(change: (model: Json) => void): { tokenizer: Json; config: object } {
  const files = byteFallbackFiles() as { tokenizer: Json & { model: Json }; config: object };
  change(files.tokenizer.model);
  return files;
}

/** The message `loadTokenizer` refuses the files with (fails the test when it loads them). */
function refusal(files: { tokenizer: unknown; config?: unknown }, name = 'broken.json'): string {
  try {
    loadTokenizer(files, name);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenizerLoadError);
    return (error as Error).message;
  }
  throw new Error('the tokenizer loaded');
}

describe('loadTokenizer checks the files', () => {
  it('loads the intact files (the fixture the others break)', () => {
    expect(loadTokenizer(byteFallbackFiles(), 'ok.json').encode('hi', { addSpecialTokens: false }).ids).toEqual([263]);
  });

  it('refuses a model type the engine does not know, naming it and the ones it knows', () => {
    // WordLevel is a real Hugging Face model type: the engine would read it as a model that gives every word as its own token, id null.
    const message = refusal(withModel((model) => (model.type = 'WordLevel')));
    expect(message).toBe('broken.json: the model type "WordLevel" is not one Parley can tokenize with (BPE, Unigram, WordPiece).');
  });

  it('refuses a model without a type the engine cannot tell', () => {
    const message = refusal(
      withModel((model) => {
        delete model.type;
        delete model.continuing_subword_prefix;
      }),
    );
    expect(message).toBe('broken.json: the model has no "type" (BPE, Unigram, WordPiece).');
  });

  it('refuses an empty vocabulary, and a missing one', () => {
    expect(refusal(withModel((model) => (model.vocab = {})))).toBe('broken.json: the model\'s vocabulary ("model.vocab") is empty.');
    expect(refusal(withModel((model) => delete model.vocab))).toBe('broken.json: the model has no vocabulary ("model.vocab").');
    expect(refusal(withModel((model) => (model.vocab = { a: 'zero' })))).toBe('broken.json: the model\'s vocabulary ("model.vocab") gives "a" no id.');
  });

  it('refuses a BPE without merges', () => {
    expect(refusal(withModel((model) => delete model.merges))).toBe('broken.json: the BPE model has no "merges" list.');
  });

  it('refuses a file without a model (or not an object)', () => {
    expect(refusal({ tokenizer: { version: '1.0' } })).toBe('broken.json: not a tokenizer.json (it has no "model").');
    expect(refusal({ tokenizer: [1, 2] })).toBe('broken.json: not a tokenizer.json (it has no "model").');
  });

  it('refuses a tokenizer_config.json that is not an object', () => {
    expect(refusal({ tokenizer: byteFallbackFiles().tokenizer, config: ['bos'] })).toBe('broken.json: its tokenizer_config.json is not a JSON object.');
  });

  it('refuses an unknown token that is not in the vocabulary (its id would be null)', () => {
    expect(refusal(withModel((model) => (model.unk_token = '<oops>')))).toBe('broken.json: the unknown token "<oops>" is not in the vocabulary.');
  });

  it('refuses files whose test encoding gives a token without an id', () => {
    // A Unigram model without an unknown token: a character outside its vocabulary has no id.
    const unigram = { version: '1.0', added_tokens: [], normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null, model: { type: 'Unigram', unk_id: null, vocab: [['H', -1], ['e', -1]] } };
    expect(refusal({ tokenizer: unigram })).toMatch(/^broken\.json: a test text \("Hello, world\. 123"\) encodes to tokens without an id: /);
  });

  it('says when a file is not JSON, naming it', () => {
    expect(() => parseTokenizerJson('{"model": ', 'big.json')).toThrow(TokenizerLoadError);
    expect(() => parseTokenizerJson('{"model": ', 'big.json')).toThrow(/^big\.json: not JSON \(/);
    expect(parseTokenizerJson('{"model": {}}', 'ok.json')).toEqual({ model: {} });
  });

  it('refuses a text with a token that has no id, naming the token (never a null id)', () => {
    const tokenizer = loadTokenizer({ tokenizer: asciiUnigram() }, 'ascii.json');
    expect(tokenizer.encode('Hi there.').ids).toHaveLength(9);
    expect(() => tokenizer.encode('Hi 日')).toThrow(TokenizerEncodeError);
    expect(() => tokenizer.encode('Hi 日')).toThrow('ascii.json has no id for the token "日" (it is not in the vocabulary, and the tokenizer has no unknown token).');
  });
});

