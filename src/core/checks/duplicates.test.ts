import { describe, expect, it } from 'vitest';
import { contentKey, DuplicateFinder } from './duplicates.ts';

describe('duplicates', () => {
  it('gives equal keys to the same JSON written with other white space, different keys otherwise', () => {
    const a = contentKey(JSON.parse('{"messages":[{"role":"user","content":"hi"}]}'));
    const b = contentKey(JSON.parse('{ "messages" : [ {"role": "user", "content": "hi"} ] }'));
    const c = contentKey(JSON.parse('{"messages":[{"role":"user","content":"hi!"}]}'));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('groups the records that share a key, in the order of their first record', () => {
    const finder = new DuplicateFinder();
    ['x', 'y', 'x', 'z', 'y', 'x'].forEach((key, id) => finder.add(id, key));
    expect(finder.groups()).toEqual([[0, 2, 5], [1, 4]]);
    expect(finder.repeats()).toBe(3);
  });
});
