import { describe, expect, it } from 'vitest';
import { contentKey, DuplicateFinder } from './duplicates.ts';

describe('duplicates', () => {
  it('gives equal keys to the same text with other white space around it, different keys to any other text', () => {
    const a = contentKey('{"messages":[{"role":"user","content":"hi"}]}');
    expect(contentKey(' \t{"messages":[{"role":"user","content":"hi"}]}\r')).toBe(a);
    expect(contentKey('{"messages":[{"role":"user","content":"hi!"}]}')).not.toBe(a);
    expect(contentKey('{"messages": [{"role":"user","content":"hi"}]}')).not.toBe(a);
    // A byte order mark is content, not white space.
    expect(contentKey('\uFEFF{"messages":[{"role":"user","content":"hi"}]}')).not.toBe(a);
  });

  it('groups the records that share a key, in the order of their first record', () => {
    const finder = new DuplicateFinder();
    ['x', 'y', 'x', 'z', 'y', 'x'].forEach((key, id) => finder.add(id, key));
    expect(finder.groups()).toEqual([[0, 2, 5], [1, 4]]);
    expect(finder.repeats()).toBe(3);
  });
});
