import { describe, expect, it } from 'vitest';
import { holdsNumber, numberSpellings, type NumberSpellings } from './number-spellings.ts';

/** The tree as plain nested objects, for readable expectations. */
function plain(tree: NumberSpellings | undefined): unknown {
  if (tree === undefined) return undefined;
  return Object.fromEntries([...tree].map(([key, value]) => [String(key), typeof value === 'string' ? value : plain(value)]));
}

describe('numberSpellings', () => {
  it('finds nothing when every number is written as JSON.stringify writes it', () => {
    expect(numberSpellings('{"a":1,"b":[0,-1,0.5,1e+21,1.5e-7],"c":"1.0 -0 1e5","d":true}')).toBeUndefined();
  });

  it.each([['1.0'], ['-0'], ['1e5'], ['1E+5'], ['0.10'], ['12345678901234567890'], ['9999999999999999'], ['-0.0'], ['1e400'], ['100e-2']])('finds %s, by path', (spelled) => {
    expect(plain(numberSpellings(`{"a":[1,{"b":${spelled}}],"c":2}`))).toEqual({ a: { 1: { b: spelled } } });
  });

  it('tells array indexes (numbers) from object keys (strings)', () => {
    const tree = numberSpellings('{"0":[1.0],"x":{"0":2.0}}');
    expect((tree?.get('0') as NumberSpellings).get(0)).toBe('1.0');
    expect((tree?.get('x') as NumberSpellings).get('0')).toBe('2.0');
    expect((tree?.get('x') as NumberSpellings).get(0)).toBeUndefined();
  });

  it('decodes keys with escapes, and is not misled by brackets, commas and digits inside strings', () => {
    expect(plain(numberSpellings('{"a\\"\\u0062":[ "[,{1.0", 3.0 ] , "k":{"}":1.50}}'))).toEqual({ 'a"b': { 1: '3.0' }, k: { '}': '1.50' } });
  });

  it('ends a string at a quote after an even number of backslashes', () => {
    expect(plain(numberSpellings('{"a":"\\\\","b":1.0,"c":"\\\\\\"2.0","d":3.0}'))).toEqual({ b: '1.0', d: '3.0' });
  });

  it('counts array items across nested containers and white space', () => {
    expect(plain(numberSpellings('[ [1,2] , {"a":[]} ,\n 7.0 ]'))).toEqual({ 2: '7.0' });
  });

  it('scans a record nested 100,000 deep without recursion', () => {
    const depth = 100_000;
    const tree = numberSpellings(`${'['.repeat(depth)}1.0${']'.repeat(depth)}`);
    let node: string | NumberSpellings | undefined = tree;
    for (let i = 0; i < depth; i++) node = (node as NumberSpellings).get(0);
    expect(node).toBe('1.0');
  });

  it('holdsNumber finds a number at any depth, in arrays and objects, and nothing in strings, booleans or null', () => {
    expect(holdsNumber({ messages: [{ role: 'user', content: '1.0 -0 1e5' }], ok: true, none: null })).toBe(false);
    expect(holdsNumber({ tools: [{ parameters: { properties: { limit: { default: 5 } } } }] })).toBe(true);
    expect(holdsNumber([[], {}, ['x', [0]]])).toBe(true);
    expect(holdsNumber(-0)).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsNumber(deep)).toBe(true);
  });
});
