/** Span flags carried to tokens, with the hand-made tokenizer so that every token is known. */
import { describe, expect, it } from 'vitest';
import type { Span } from '../formats/types.ts';
import { conversation, textMessage } from '../model/builders.ts';
import { specialSplits } from './special-splits.ts';
import { byteFallbackTokenizer, shippedTokenizer } from './test-tokenizers.ts';
import { tokenMask } from './token-mask.ts';
import { IGNORE_LABEL, trainingExample } from './training.ts';

const span = (start: number, end: number, trainable: boolean, path: Span['path'] = ['messages', 0], kind: Span['kind'] = 'content'): Span => ({ start, end, kind, path, trainable });

describe('tokenMask', () => {
  const tokenizer = byteFallbackTokenizer();

  it('trains a token whose characters are all trainable and reports one straddling the boundary', () => {
    // 'hi' is one token ▁hi: a boundary between h and i puts it across; ' 😀' are five tokens after it.
    const text = 'hi 😀';
    const e = tokenizer.encode(text, { addSpecialTokens: false });
    expect(e.tokens).toEqual(['▁hi', '▁', '<0xF0>', '<0x9F>', '<0x98>', '<0x80>']);
    const spans = [span(0, 1, false), span(1, 3, true, ['messages', 1]), span(3, 5, true, ['messages', 1])];
    const mask = tokenMask(e, spans, spans.map((s) => s.trainable));
    expect(mask.trained).toEqual([false, true, true, true, true, true]);
    expect(mask.straddling).toEqual([0]);
    expect(mask.message).toEqual([0, 1, 1, 1, 1, 1]);
  });

  it('a BOS the tokenizer added is never trained and belongs to no message', () => {
    const e = tokenizer.encode('hi');
    const mask = tokenMask(e, [span(0, 2, true)], [true]);
    expect(mask.trained).toEqual([false, true]);
    expect(mask.message).toEqual([-1, 0]);
  });
});

describe('trainingExample', () => {
  it('labels are the id where trained and -100 elsewhere; counts per message', () => {
    const tokenizer = byteFallbackTokenizer();
    const record = conversation([textMessage('user', 'h'), textMessage('assistant', 'hi')]);
    // A made-up render 'h<s>hi': message 0 wrote 'h', message 1 the special token and 'hi'.
    const rendered = { text: 'h<s>hi', spans: [span(0, 1, false), span(1, 4, true, ['messages', 1], 'special'), span(4, 6, true, ['messages', 1])] };
    const { example } = trainingExample(tokenizer, record, rendered);
    expect(example.tokens).toEqual(['<s>', '▁h', '<s>', '▁hi']);
    expect(example.input_ids).toEqual([1, 262, 1, 263]);
    expect(example.labels).toEqual([IGNORE_LABEL, IGNORE_LABEL, 1, 263]);
    expect(example.attention_mask).toEqual([1, 1, 1, 1]);
    expect(example.messages).toEqual([1, 2]);
    expect(example.count).toBe(4);
    expect(example.trained).toBe(2);
  });
});

describe('specialSplits', () => {
  const text = '<|im_start|>user\nHi<|im_end|>';
  const spans = [span(0, 12, false, [], 'special'), span(12, 17, false, [], 'structure'), span(17, 19, false), span(19, 29, false, [], 'special')];

  it('finds nothing when the tokenizer has the format\'s special tokens (Qwen3 and ChatML)', () => {
    expect(specialSplits(text, shippedTokenizer('qwen3').encode(text), spans)).toEqual([]);
  });

  it('reports each special token another tokenizer splits (Llama 3.1 reads <|im_start|> as text)', () => {
    const splits = specialSplits(text, shippedTokenizer('llama3.1').encode(text), spans);
    expect(splits.map((s) => [s.span, s.text])).toEqual([[0, '<|im_start|>'], [3, '<|im_end|>']]);
    for (const s of splits) expect(s.tokens).toBeGreaterThan(1);
  });
});
