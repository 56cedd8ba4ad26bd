import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, minimalEdit } from './text-diff.ts';

describe('minimalEdit', () => {
  it('returns null for equal texts', () => {
    expect(minimalEdit('abc', 'abc')).toBeNull();
    expect(minimalEdit('', '')).toBeNull();
  });

  it('replaces only the middle', () => {
    expect(minimalEdit('<|user_start|>Hello<|user_end|>', '<|user_start|>Hellos<|user_end|>')).toEqual({ start: 19, end: 19, text: 's' });
    expect(minimalEdit('abcdef', 'abXYef')).toEqual({ start: 2, end: 4, text: 'XY' });
    expect(minimalEdit('abc', '')).toEqual({ start: 0, end: 3, text: '' });
    expect(minimalEdit('', 'abc')).toEqual({ start: 0, end: 0, text: 'abc' });
  });

  it('does not let prefix and suffix overlap on repeated characters', () => {
    // "aaa" → "aaaa": one insertion, not a negative-length range.
    const edit = minimalEdit('aaa', 'aaaa');
    expect(edit).toEqual({ start: 3, end: 3, text: 'a' });
    expect(applyEdit('aaa', edit!)).toBe('aaaa');
    expect(minimalEdit('abab', 'ab')).toEqual({ start: 2, end: 4, text: '' });
  });

  it('finds edits across the chunked comparison of long texts', () => {
    const base = 'x'.repeat(5000) + 'y'.repeat(5000);
    for (const at of [0, 1, 1023, 1024, 1025, 4999, 5000, 9999, 10000]) {
      const after = `${base.slice(0, at)}Z${base.slice(at)}`;
      const edit = minimalEdit(base, after)!;
      expect(edit.text).toBe('Z');
      expect(edit.end - edit.start).toBe(0);
      expect(applyEdit(base, edit)).toBe(after);
    }
  });

  it('never splits a surrogate pair', () => {
    // 😀 = \ud83d\ude00 and 😁 = \ud83d\ude01 share their high surrogate.
    const edit = minimalEdit('a😀b', 'a😁b')!;
    expect(edit).toEqual({ start: 1, end: 3, text: '😁' });
    // Pairs that share their low surrogate: the suffix must not start inside the pair either.
    const suffix = minimalEdit('a\ud83d\ude00', 'a\ud83e\ude00')!;
    expect(suffix).toEqual({ start: 1, end: 3, text: '\ud83e\ude00' });
  });

  it('turns any text into any other (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '😀', '\ud83d', 'é', '<|x|>'), maxLength: 40 });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edit = minimalEdit(before, after);
        if (before === after) return edit === null;
        expect(edit).not.toBeNull();
        expect(applyEdit(before, edit!)).toBe(after);
        expect(edit!.start).toBeLessThanOrEqual(edit!.end);
        // Minimal up to one surrogate unit on each side: it keeps the common prefix, and the
        // common suffix of what follows it.
        let prefix = 0;
        while (prefix < Math.min(before.length, after.length) && before[prefix] === after[prefix]) prefix++;
        let suffix = 0;
        const limit = Math.min(before.length, after.length) - prefix;
        while (suffix < limit && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
        expect(edit!.start).toBeGreaterThanOrEqual(prefix - 1);
        expect(before.length - edit!.end).toBeGreaterThanOrEqual(suffix - 1);
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the edit small for one keystroke in a long text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), fc.nat(), fc.string({ minLength: 1, maxLength: 3 }), (base, at, typed) => {
        const cut = at % (base.length + 1);
        const after = base.slice(0, cut) + typed + base.slice(cut);
        const edit = minimalEdit(base, after)!;
        expect(applyEdit(base, edit)).toBe(after);
        // An insertion: nothing of `base` is replaced beyond a split surrogate pair.
        expect(edit.end - edit.start).toBeLessThanOrEqual(2);
        expect(edit.text.length).toBeLessThanOrEqual(typed.length + 2);
      }),
      { numRuns: 500 },
    );
  });
});
