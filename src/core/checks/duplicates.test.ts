import { describe, expect, it } from 'vitest';
import { fingerprintBytes } from '../dataset/fingerprint.ts';
import { contentKey, DuplicateFinder } from './duplicates.ts';

describe('duplicates', () => {
  it('gives equal keys to the same JSON written with other white space, different keys otherwise', () => {
    const a = contentKey(JSON.parse('{"messages":[{"role":"user","content":"hi"}]}'));
    const b = contentKey(JSON.parse('{ "messages" : [ {"role": "user", "content": "hi"} ] }'));
    const c = contentKey(JSON.parse('{"messages":[{"role":"user","content":"hi!"}]}'));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('is the 64-bit hash of the compact JSON as UTF-8, for short and long records, any characters', () => {
    const long = { messages: [{ role: 'user', content: 'naïve 日本語 😀 '.repeat(20_000) }] };
    for (const value of [{ a: 1 }, long, { a: 1 }]) expect(contentKey(value)).toBe(fingerprintBytes(new TextEncoder().encode(JSON.stringify(value))).hash);
  });

  it('groups the records that share a key, in the order of their first record', () => {
    const finder = new DuplicateFinder();
    ['x', 'y', 'x', 'z', 'y', 'x'].forEach((key, id) => finder.add(id, key));
    expect(finder.groups()).toEqual([[0, 2, 5], [1, 4]]);
    expect(finder.repeats()).toBe(3);
  });
});
