import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson, type StringifyOptions } from './json-stringify.ts';
import { numberSpellings } from './number-spellings.ts';

/** The writer's own walk: with spellings (here none), it never hands the value to JSON.stringify. */
const walked = (value: unknown, options: StringifyOptions = {}): string => stringifyJson(value, { spellings: new Map(), ...options });

describe('stringifyJson', () => {
  it('writes what JSON.stringify writes, compact and indented', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(walked(value)).toBe(JSON.stringify(value));
        expect(walked(value, { indent: '  ' })).toBe(JSON.stringify(value, null, 2));
        expect(stringifyJson(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('leaves out what JSON.stringify leaves out, and calls toJSON', () => {
    const value = { a: undefined, b: [undefined, () => 1, Symbol('s'), NaN, -Infinity, -0], c: new Date(0), d: { toJSON: (key: string) => `at ${key}` }, e: {} };
    expect(walked(value)).toBe(JSON.stringify(value));
    expect(walked(value, { indent: '\t' })).toBe(JSON.stringify(value, null, '\t'));
  });

  it('throws a TypeError on a cycle, as JSON.stringify does, and writes a shared (not circular) value twice', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = { again: cycle };
    expect(() => walked(cycle)).toThrow(TypeError);
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
    const shared = { x: 1 };
    expect(walked({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });

  it('writes a value nested 200,000 deep, where JSON.stringify overflows the stack', () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}{"a":1.0}${']'.repeat(depth)}`;
    const value = JSON.parse(text) as unknown;
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(stringifyJson(value, { spellings: numberSpellings(text) })).toBe(text);
    // Without spellings too: JSON.stringify is tried first, and its RangeError is not the answer.
    expect(stringifyJson(value)).toBe(text.replace('1.0', '1'));
  });

  it('keeps the original key order at each path (array items by position), new keys last, "__proto__" a key', () => {
    const order = JSON.parse('{"z":[{"b":1,"a":2}],"__proto__":{"y":1,"x":2},"m":0}') as unknown;
    const value = JSON.parse('{"m":1,"__proto__":{"x":2,"y":1},"z":[{"a":2,"b":1},{"d":1,"c":2}],"n":2}') as unknown;
    expect(stringifyJson(value, { order })).toBe('{"z":[{"b":1,"a":2},{"d":1,"c":2}],"__proto__":{"y":1,"x":2},"m":1,"n":2}');
  });

  it('writes a number as originally spelled only at the same path with the same value (-0 is not 0)', () => {
    const text = '{"a":1.0,"b":-0,"c":[1e5,0.10],"d":{"e":12345678901234567890}}';
    const spellings = numberSpellings(text);
    expect(stringifyJson(JSON.parse(text), { spellings })).toBe(text);
    // Changed values are written as JSON.stringify writes them; an unchanged one keeps its text.
    const big = JSON.parse('12345678901234567890') as number;
    expect(stringifyJson({ a: 2, b: 0, c: [100000, 0.2], d: { e: big } }, { spellings })).toBe('{"a":2,"b":0,"c":[1e5,0.2],"d":{"e":12345678901234567890}}');
    // The same value at another path is not the original's number.
    expect(stringifyJson({ x: 1, c: [0.1, 1e5] }, { spellings })).toBe('{"x":1,"c":[0.1,100000]}');
  });
});
