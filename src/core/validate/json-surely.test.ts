import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSurelyJson } from './json-surely.ts';
import { tryParseJson } from '../shared/json.ts';

/** What the engine's own parser says (shared/json.ts `tryParseJson`): the reference. */
const engineAccepts = (text: string): boolean => tryParseJson(text) !== undefined;

describe('isSurelyJson', () => {
  it.each([
    '{"city": "Bern"}',
    ' [1, -0.5e+3, 2E-2, 0, true, false, null] ',
    '"x\\u00e9\\n\\"\\\\\\/\\b\\f\\r\\t"',
    '{"a": {"b": [[], {}]}}',
    '-0',
    '"\ud800"', // a lone surrogate: JSON.parse takes it
    '\t\r\n{}\n',
  ])('says yes to JSON: %j', (text) => {
    expect(engineAccepts(text)).toBe(true);
    expect(isSurelyJson(text)).toBe(true);
  });

  it.each(['', '  ', '{"a": 1,}', '{"a" 1}', "{'a': 1}", '{"a": tru}', '[1, 2', '01', '1.', '1e', '-', '+1', '.5', '"\\q"', '"\\u12g4"', '"a\nb"', '{} x', '\u00a0{}', 'NaN', '{"a"}', '[1,]', '"'])(
    'says no to what is not: %j',
    (text) => {
      expect(engineAccepts(text)).toBe(false);
      expect(isSurelyJson(text)).toBe(false);
    },
  );

  it('leaves nesting deeper than its limit to JSON.parse (no, not sure)', () => {
    const deep = '['.repeat(65) + ']'.repeat(65);
    expect(engineAccepts(deep)).toBe(true);
    expect(isSurelyJson(deep)).toBe(false);
    expect(isSurelyJson('['.repeat(64) + ']'.repeat(64))).toBe(true);
  });

  it('says yes to every JSON text JSON.stringify writes', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => isSurelyJson(JSON.stringify(value, null, pretty ? 2 : undefined))));
  });

  it('never says yes where JSON.parse fails (pieces of JSON glued at random)', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'a', 'u', '0', '1', '-', '.', 'e', 'E', '+', ' ', '\n', 'true', 'null', 'fals', '"k"', '\t', '\u0001', '/', 'é', 'b', 'f');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join('')), (text) => isSurelyJson(text) === engineAccepts(text)),
      { numRuns: 5000 },
    );
  });

  it('never says yes where JSON.parse fails (one character of a JSON text changed)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', '}', '"', ' ', '0', ']', '\\', '\u001f', 'e', '.', '-'), (value, at, insert) => {
        const text = JSON.stringify(value);
        const i = at % (text.length + 1);
        const changed = text.slice(0, i) + insert + text.slice(i + 1);
        return !isSurelyJson(changed) || engineAccepts(changed);
      }),
      { numRuns: 3000 },
    );
  });
});
