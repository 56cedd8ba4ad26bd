import { describe, expect, it } from 'vitest';
import { fingerprintBytes } from '../dataset/fingerprint.ts';
import { contentKey, duplicateText, DuplicateFinder } from './duplicates.ts';

describe('duplicates', () => {
  it('gives equal keys to the same text with other white space around it, different keys to any other text', () => {
    const a = contentKey('{"messages":[{"role":"user","content":"hi"}]}');
    expect(contentKey(' \t{"messages":[{"role":"user","content":"hi"}]}\r')).toBe(a);
    expect(contentKey('{"messages":[{"role":"user","content":"hi!"}]}')).not.toBe(a);
    expect(contentKey('{"messages": [{"role":"user","content":"hi"}]}')).not.toBe(a);
    // A byte order mark is content, not white space.
    expect(contentKey('\uFEFF{"messages":[{"role":"user","content":"hi"}]}')).not.toBe(a);
  });

  it('is the 64-bit hash of the text as UTF-8, for short and long records, any characters (the scratch buffer reused)', () => {
    const long = JSON.stringify({ messages: [{ role: 'user', content: 'naïve 日本語 😀 '.repeat(20_000) }] });
    for (const text of ['{"a":1}', long, '{"a":1}']) expect(contentKey(text)).toBe(fingerprintBytes(new TextEncoder().encode(text)).hash);
  });

  it('takes only JSON white space from the ends (not U+FEFF, not white space inside)', () => {
    expect(duplicateText(' \t\r\n{"a": 1}\n ')).toBe('{"a": 1}');
    expect(duplicateText('\u00a0{"a":1}\uFEFF')).toBe('\u00a0{"a":1}\uFEFF');
    expect(duplicateText('  \n ')).toBe('');
    const same = '{"a":1}';
    expect(duplicateText(same)).toBe(same);
  });

  it('groups the records that share a key, in the order of their first record', () => {
    const finder = new DuplicateFinder();
    ['x', 'y', 'x', 'z', 'y', 'x'].forEach((key, id) => finder.add(id, key));
    expect(finder.groups()).toEqual([[0, 2, 5], [1, 4]]);
    expect(finder.repeats()).toBe(3);
  });
});
