import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringToJson, JSON_STRING_MEMO } from './jinja-json.ts';

describe('stringToJson (a string as `tojson` writes it)', () => {
  // The reference is JSON.stringify: what @huggingface/jinja's tojson writes for a string.
  const samples = [
    '',
    'plain text',
    '{"temp_c": 21, "sky": "cloudy"}',
    'back\\slash',
    'line\nbreak\ttab\r\u0000\u001f\u007f',
    'é 😀 ünï',
    'lone \ud800 high',
    'lone \udc00 low',
    'pair \ud83d\ude00 and end \ud83d',
    '<|eot_id|>',
  ];

  it.each(samples)('writes %j as JSON.stringify does', (text) => {
    expect(stringToJson(text)).toBe(JSON.stringify(text));
    // Asked again (the memo's answer): the same.
    expect(stringToJson(text)).toBe(JSON.stringify(text));
  });

  it('writes any string as JSON.stringify does, first time and again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(stringToJson(text)).toBe(JSON.stringify(text));
        expect(stringToJson(text)).toBe(JSON.stringify(text));
      }),
      { numRuns: 500 },
    );
  });

  it('writes strings longer than the memo keeps, and more strings than it holds, alike', () => {
    const long = `"${'x'.repeat(JSON_STRING_MEMO.maxLength)}\n"`;
    expect(stringToJson(long)).toBe(JSON.stringify(long));
    const many = Array.from({ length: JSON_STRING_MEMO.maxEntries * 2 + 3 }, (_, i) => `"item" ${i}`);
    for (const text of many) expect(stringToJson(text)).toBe(JSON.stringify(text));
    for (const text of many) expect(stringToJson(text)).toBe(JSON.stringify(text));
  });
});
