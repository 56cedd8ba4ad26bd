import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packText, unpackText } from './copy-codec.ts';

describe('page-hide copy compression', () => {
  // Well-formed text: the input is JSON.stringify output, which escapes lone surrogates.
  it('round-trips any well-formed text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), (text) => unpackText(packText(text)) === text));
  });

  it('uses only characters U+1000–U+8FFF after the length (no surrogates or controls)', () => {
    const packed = packText(JSON.stringify({ text: 'héllo 世界 🎉 '.repeat(300), n: [1, 2, 3] }));
    const body = packed.slice(packed.indexOf(':') + 1);
    expect([...body].every((c) => c.charCodeAt(0) >= 0x1000 && c.charCodeAt(0) <= 0x8fff)).toBe(true);
  });

  it('fits chat JSON in far fewer characters than the JSON itself', () => {
    const json = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: `m-${i}`, role: i % 2 ? 'assistant' : 'user', content: { type: 'text', text: `Message ${i} about tokenizers and chat templates.` } })));
    expect(packText(json).length).toBeLessThan(json.length / 8);
  });

  it('refuses damaged or cut-off copies instead of returning wrong text', () => {
    const packed = packText('{"a": "some text that is long enough to be cut"}');
    expect(() => unpackText(packed.slice(0, -3))).toThrow();
    expect(() => unpackText(`x${packed}`)).toThrow();
    expect(() => unpackText(packed.replace(/:./, ':\u0041'))).toThrow();
  });
});
