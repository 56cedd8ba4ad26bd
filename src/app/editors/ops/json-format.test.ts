import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compactJson, prettyJson } from './json-format.ts';

describe('prettyJson / compactJson', () => {
  it('matches JSON.stringify layout for ordinary values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        return prettyJson(text) === JSON.stringify(value, null, 2) && prettyJson(JSON.stringify(value, null, 4), 2) === JSON.stringify(value, null, 2);
      }),
    );
  });

  it('keeps key order and number spelling', () => {
    const text = '{"2": 1.0, "1": 12345678901234567890, "s": "a, b: {c}", "e": []}';
    expect(prettyJson(text)).toBe('{\n  "2": 1.0,\n  "1": 12345678901234567890,\n  "s": "a, b: {c}",\n  "e": []\n}');
    expect(compactJson(prettyJson(text))).toBe(text);
  });

  it('compacts with Python separators', () => {
    expect(compactJson('{\n "a" :[1,2],\n"b":{"c":"\\"x\\""}}')).toBe('{"a": [1, 2], "b": {"c": "\\"x\\""}}');
  });
});
