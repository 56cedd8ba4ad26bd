/**
 * The token ↔ character mapping. Expected tokens of the tiny tokenizer are worked out by hand
 * from its vocabulary (test-tokenizers.ts); for the shipped tokenizers the checks compare the
 * ranges with what the library itself decodes each token to, never with the ranges' own output.
 */
import { describe, expect, it } from 'vitest';
import { loadTokenizer } from './load.ts';
import { byteFallbackFiles, byteFallbackTokenizer, shippedTokenizer } from './test-tokenizers.ts';
import type { TokenEncoding, Tokenizer } from './types.ts';

const slices = (text: string, e: TokenEncoding): string[] => e.ids.map((_, i) => text.slice(e.starts[i], e.ends[i]));
const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];

/** Every whole token's range holds the token's decoded text; partial tokens run over one character only. */
function expectRangesMatchDecoding(tokenizer: Tokenizer, text: string): TokenEncoding {
  const e = tokenizer.encode(text, { addSpecialTokens: false });
  expect(e.exact).toBe(true);
  expect(tokenizer.decode(e.ids)).toBe(text);
  let covered = 0;
  for (let i = 0; i < e.ids.length; i++) {
    const start = e.starts[i] ?? -1;
    const end = e.ends[i] ?? -1;
    if (!e.partial[i]) {
      expect(text.slice(start, end)).toBe(tokenizer.tokenText(e.ids[i] ?? -1));
      expect(start).toBe(covered);
    }
    expect(start).toBeLessThanOrEqual(covered);
    covered = Math.max(covered, end);
  }
  expect(covered).toBe(text.length);
  return e;
}

describe('byte-fallback SentencePiece tokenizer (hand-made vocabulary)', () => {
  const tokenizer = byteFallbackTokenizer();

  it('adds its BOS, which covers no character, and finds the prefix space it invents', () => {
    const e = tokenizer.encode('hi');
    expect(e.tokens).toEqual(['<s>', '▁hi']);
    expect(e.ids).toEqual([1, 263]);
    expect([e.starts, e.ends]).toEqual([[0, 0], [0, 2]]);
    expect(tokenizer.addsPrefix).toEqual(['<s>']);
  });

  it('spells an astral character in four byte tokens, each covering both UTF-16 units', () => {
    const text = 'hi 😀';
    const e = tokenizer.encode(text);
    expect(e.tokens).toEqual(['<s>', '▁hi', '▁', '<0xF0>', '<0x9F>', '<0x98>', '<0x80>']);
    expect(e.ids.slice(3)).toEqual(utf8('😀').map((b) => 3 + b));
    expect(slices(text, e)).toEqual(['', 'hi', ' ', '😀', '😀', '😀', '😀']);
    expect(e.partial).toEqual([false, false, false, true, true, true, true]);
    expect(e.exact).toBe(true);
  });

  it('does not add a second BOS to a render that starts with one (auto), but does when asked', () => {
    const text = '<s>hi';
    const auto = tokenizer.encode(text);
    expect(auto.tokens).toEqual(['<s>', '▁hi']);
    expect(slices(text, auto)).toEqual(['<s>', 'hi']);
    expect(auto.added).toEqual([true, false]);
    const forced = tokenizer.encode(text, { addSpecialTokens: true });
    expect(forced.tokens).toEqual(['<s>', '<s>', '▁hi']);
    expect(slices(text, forced)).toEqual(['', '<s>', 'hi']);
  });

  it("follows tokenizer_config.json's add_bos_token / add_eos_token over the post-processor", () => {
    const { tokenizer: json, config } = byteFallbackFiles();
    const noBos = loadTokenizer({ tokenizer: json, config: { ...config, add_bos_token: false } });
    expect(noBos.addsPrefix).toEqual([]);
    expect(noBos.encode('hi').tokens).toEqual(['▁hi']);
    // No post-processor at all: the config alone asks for the BOS (and here an EOS).
    const bare = loadTokenizer({ tokenizer: { ...json, post_processor: null }, config: { ...config, add_bos_token: true, add_eos_token: true } });
    const e = bare.encode('hi');
    expect(e.tokens).toEqual(['<s>', '▁hi', '</s>']);
    expect(e.ids).toEqual([1, 263, 2]);
    expect([e.starts, e.ends]).toEqual([[0, 0, 2], [0, 2, 2]]);
    // A render that already ends with the EOS gets no second one.
    expect(bare.encode('hi</s>').tokens).toEqual(['<s>', '▁hi', '</s>']);
  });

  it('matches an added token inside the text as one token', () => {
    const text = 'hé<s>hi';
    const e = tokenizer.encode(text, { addSpecialTokens: false });
    expect(e.tokens).toEqual(['▁h', 'é', '<s>', '▁hi']);
    expect(slices(text, e)).toEqual(['h', 'é', '<s>', 'hi']);
  });
});

describe('byte-level BPE tokenizers (shipped)', () => {
  it('Qwen3: two-byte, three-byte and astral characters map to whole UTF-16 ranges', () => {
    const text = 'Héllo 😀 wörld 日本語 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🫠🧑‍🚀\n';
    expectRangesMatchDecoding(shippedTokenizer('qwen3'), text);
  });

  it('Llama 3.1: a token holding part of a character covers all of it; the partial tokens together spell it', () => {
    const tokenizer = shippedTokenizer('llama3.1');
    const text = 'x🫠y𝔘z';
    const e = expectRangesMatchDecoding(tokenizer, text);
    for (const char of ['🫠', '𝔘']) {
      const at = text.indexOf(char);
      const inside = e.ids.map((_, i) => i).filter((i) => e.starts[i] === at);
      expect(inside.length).toBeGreaterThan(0);
      for (const i of inside) expect(e.ends[i]).toBe(at + 2);
      // Decoded together, the tokens over the character give it back (the library's decoder, not the ranges).
      expect(tokenizer.decode(inside.map((i) => e.ids[i] ?? -1))).toContain(char);
      if (inside.length > 1) expect(inside.every((i) => e.partial[i])).toBe(true);
    }
  });

  it('Qwen3: a format special token at a span boundary is one added token with exactly its range', () => {
    const tokenizer = shippedTokenizer('qwen3');
    const text = '<|im_start|>assistant\nHi!<|im_end|>\n';
    const e = tokenizer.encode(text);
    const end = e.tokens.indexOf('<|im_end|>');
    expect(e.ids[0]).toBe(tokenizer.tokenToId('<|im_start|>'));
    expect([e.starts[0], e.ends[0]]).toEqual([0, '<|im_start|>'.length]);
    expect([e.starts[end], e.ends[end]]).toEqual([text.indexOf('<|im_end|>'), text.indexOf('<|im_end|>') + '<|im_end|>'.length]);
    expect(e.added[end]).toBe(true);
  });

  it('Llama 3.1 adds <|begin_of_text|> to plain text and not to a render that starts with it', () => {
    const tokenizer = shippedTokenizer('llama3.1');
    const bos = tokenizer.tokenToId('<|begin_of_text|>');
    const plain = tokenizer.encode('Hello');
    expect(plain.ids[0]).toBe(bos);
    expect([plain.starts[0], plain.ends[0]]).toEqual([0, 0]);
    const render = tokenizer.encode('<|begin_of_text|>Hello');
    expect(render.ids.filter((id) => id === bos)).toHaveLength(1);
    expect([render.starts[0], render.ends[0]]).toEqual([0, '<|begin_of_text|>'.length]);
  });

  it('a lone surrogate is read as U+FFFD, one UTF-16 unit wide', () => {
    const text = 'a\ud800b';
    const e = shippedTokenizer('qwen3').encode(text);
    expect(e.exact).toBe(true);
    expect(Math.max(...e.ends)).toBe(3);
  });
});
