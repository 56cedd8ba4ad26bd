/**
 * The flat figures (the Token view's) against the object ones (the command's and core's): the
 * same mask, counts, straddling tokens and split specials on real renders, hand-made spans and a
 * tokenizer that adds a BOS.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../index.ts';
import { renderChatMl } from '../formats/chatml/render.ts';
import type { Span } from '../formats/types.ts';
import { flatEncoding, flatSpecialSplits, flatTokenMask, SPAN_FIELDS } from './flat.ts';
import { messageOf, spanTrainable } from './mask.ts';
import { specialSplits } from './special-splits.ts';
import { byteFallbackTokenizer, shippedTokenizer } from './test-tokenizers.ts';
import { tokenMask } from './token-mask.ts';
import { exampleOf } from './training.ts';
import type { TokenEncoding } from './types.ts';

function flatSpans(spans: readonly Span[]): Int32Array {
  const flat = new Int32Array(spans.length * SPAN_FIELDS);
  spans.forEach((span, i) => flat.set([span.start, span.end, messageOf(span), span.kind === 'special' ? 1 : 0], i * SPAN_FIELDS));
  return flat;
}

/** Both ways of reaching the Token view's figures, as plain arrays to compare. */
function bothWays(text: string, encoding: TokenEncoding, spans: readonly Span[], trainable: boolean[], messageCount: number) {
  const mask = tokenMask(encoding, spans, trainable);
  const example = exampleOf(encoding, mask, messageCount);
  const flat = flatTokenMask(flatEncoding(encoding), flatSpans(spans), Uint8Array.from(trainable, (on) => (on ? 1 : 0)), messageCount);
  return {
    objects: { trained: mask.trained.map((on) => (on ? 1 : 0)), message: mask.message, straddling: mask.straddling, perMessage: example.messages, trainedCount: example.trained, splits: specialSplits(text, encoding, spans) },
    flat: { trained: Array.from(flat.trained), message: Array.from(flat.message), straddling: Array.from(flat.straddling), perMessage: Array.from(flat.perMessage), trainedCount: flat.trainedCount, splits: flatSpecialSplits(text, flatEncoding(encoding), flatSpans(spans)) },
  };
}

const span = (start: number, end: number, trainable: boolean, path: Span['path'] = ['messages', 0], kind: Span['kind'] = 'content'): Span => ({ start, end, kind, path, trainable });

describe('flatTokenMask and flatSpecialSplits', () => {
  it('give what tokenMask, exampleOf and specialSplits give on a ChatML render under Qwen3, with a mask that drops a message', () => {
    const qwen3 = shippedTokenizer('qwen3');
    const record = conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Hi there 👋'), textMessage('assistant', 'Grüß dich — 日本語.'), textMessage('user', 'More?'), textMessage('assistant', 'Yes.')]);
    const rendered = renderChatMl(record);
    const encoding = qwen3.encode(rendered.text);
    const trainable = spanTrainable(record, rendered.spans, { messages: { 2: false } });
    const { objects, flat } = bothWays(rendered.text, encoding, rendered.spans, trainable, record.messages.length);
    expect(objects.trainedCount).toBeGreaterThan(0);
    expect(objects.perMessage.every((count) => count > 0)).toBe(true);
    expect(flat).toEqual(objects);
  });

  it('agree on straddling tokens, a BOS the tokenizer added, and special tokens the tokenizer splits', () => {
    const tokenizer = byteFallbackTokenizer();
    // 'hi' is one token ▁hi cut by a span boundary (straddling); the tokenizer adds a BOS covering nothing; '<x>' is a special span no token matches.
    const text = 'hi <x>😀';
    const encoding = tokenizer.encode(text);
    const spans = [span(0, 1, false), span(1, 3, true, ['messages', 1]), span(3, 6, false, ['messages', 1], 'special'), span(6, 8, true, ['messages', 2])];
    const { objects, flat } = bothWays(text, encoding, spans, spans.map((s) => s.trainable), 3);
    expect(objects.straddling.length).toBe(1);
    expect(objects.message[0]).toBe(-1);
    expect(objects.splits.map((s) => s.text)).toEqual(['<x>']);
    expect(flat).toEqual(objects);
  });
});
