import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString } from '../../src/cli/json-string.ts';

describe('jsonString', () => {
  it.each([
    '',
    'plain',
    'say "hi" \\ back\\slash \\"',
    'lines\nand\r\nand\ttabs',
    '\u0000\u0001\b\f\u000b\u001f control',
    'é — 東京 😀 pairs',
    'lone \ud800 high',
    'lone \udc00 low',
    '\udc00\ud800 reversed',
    '\u2028\u2029 separators',
    '<|user_start|>{"a": "b\\n"}<|user_end|>',
  ])('writes what JSON.stringify writes: %j', (text) => {
    expect(jsonString(text)).toBe(JSON.stringify(text));
  });

  it('writes what JSON.stringify writes for any string', () => {
    const unit = fc.constantFrom('"', '\\', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u001f', '\ud83d', '\ude00', 'a', 'é', '—', ' ', '/', 'u');
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.oneof(unit, fc.string({ maxLength: 1 })) }), fc.string({ unit: 'grapheme' }));
    fc.assert(fc.property(text, (value) => jsonString(value) === JSON.stringify(value)), { numRuns: 3000 });
  });
});
