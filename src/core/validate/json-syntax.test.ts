import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeJsonSyntaxError, findJsonSyntaxError, lineColumnAt, parseJson } from './json-syntax.ts';
import { tryParseJson } from '../shared/json.ts';

/** What the engine's own parser says (shared/json.ts `tryParseJson`): the reference. */
const engineAccepts = (text: string): boolean => tryParseJson(text) !== undefined;

describe('parseJson', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJson('{"a": [1, 2.5e3, true, null, "x\\u00e9"]}')).toEqual({ ok: true, value: { a: [1, 2500, true, null, 'xé'] } });
  });

  it.each([
    ['', 1, 1, 'Empty text'],
    ['{"a": 1,}', 1, 8, "Trailing comma before '}'"],
    ['{"a" 1}', 1, 6, "Expected ':' after the property name"],
    ['{\n  "city": "Bern"\n  "unit": "C"\n}', 3, 3, "Expected ',' or '}' after a property value"],
    ["{'a': 1}", 1, 2, 'Property names must use double quotes'],
    ['{"a": tru}', 1, 7, 'did you mean true?'],
    ['{"a": "x', 1, 7, 'Unterminated string'],
    ['[1, 2', 1, 6, 'Unexpected end of text'],
    ['{"a": 01}', 1, 8, 'Invalid number'],
    ['{} x', 1, 4, 'after the JSON value'],
    ['{"a": "\\q"}', 1, 8, 'Invalid escape'],
    ['[1,]', 1, 3, "Trailing comma before ']'"],
  ])('locates the error in %j', (text, line, column, words) => {
    const result = parseJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(words);
    expect([result.error.line, result.error.column]).toEqual([line, column]);
  });

  it('describes an error with line and column', () => {
    const result = parseJson('{\n "a": }');
    expect(result.ok || describeJsonSyntaxError(result.error)).toBe('Unexpected "}": expected a value at line 2, column 7');
  });

  it('agrees with JSON.parse on serialised values', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => findJsonSyntaxError(JSON.stringify(value, null, 2)) === undefined));
  });

  it('agrees with JSON.parse on arbitrary JSON-like text', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'a', 'u', '0', '1', '-', '.', 'e', '+', ' ', '\n', 'true', 'null', 'fals', '"k"', '\t', '\u0001', '/', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join('')), (text) => (findJsonSyntaxError(text) === undefined) === engineAccepts(text)),
      { numRuns: 4000 },
    );
  });

  it('agrees with JSON.parse on mutated valid JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', '}', '"', ' ', '0', ']'), (value, at, insert) => {
        const text = JSON.stringify(value) ?? 'null';
        const i = at % (text.length + 1);
        const mutated = text.slice(0, i) + insert + text.slice(i + 1);
        return (findJsonSyntaxError(mutated) === undefined) === engineAccepts(mutated);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('lineColumnAt', () => {
  it('counts lines and 1-based columns', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt('ab', 0)).toEqual({ line: 1, column: 1 });
  });
});
