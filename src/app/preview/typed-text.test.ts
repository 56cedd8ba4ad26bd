import { describe, expect, it } from 'vitest';
import { applyChanges, isUntouched, typedEquals, typedLength, typedValue, untouched, type ContentChange } from './typed-text.ts';

/** What the model holds after `change`: the plain string edit. */
function naive(text: string, change: ContentChange): string {
  return text.slice(0, change.rangeOffset) + change.text + text.slice(change.rangeOffset + change.rangeLength);
}

describe('typed text from change events', () => {
  it('types, deletes and replaces', () => {
    let typed = untouched('hello world');
    typed = applyChanges(typed, [{ rangeOffset: 5, rangeLength: 0, text: ',' }]);
    expect(typedValue(typed)).toBe('hello, world');
    typed = applyChanges(typed, [{ rangeOffset: 7, rangeLength: 5, text: 'there' }]);
    expect(typedValue(typed)).toBe('hello, there');
    expect(typedEquals(typed, 'hello, there')).toBe(true);
    expect(typedEquals(typed, 'hello world')).toBe(false);
  });

  it('is untouched again when the typing is taken back', () => {
    let typed = applyChanges(untouched('abc'), [{ rangeOffset: 1, rangeLength: 0, text: 'x' }]);
    expect(isUntouched(typed)).toBe(false);
    typed = applyChanges(typed, [{ rangeOffset: 1, rangeLength: 1, text: '' }]);
    expect(isUntouched(typed)).toBe(true);
    expect(typedEquals(typed, 'abc')).toBe(true);
  });

  it('applies a multi-cursor event (changes from the end to the beginning)', () => {
    const typed = applyChanges(untouched('a b c'), [
      { rangeOffset: 4, rangeLength: 1, text: 'C' },
      { rangeOffset: 0, rangeLength: 1, text: 'A' },
    ]);
    expect(typedValue(typed)).toBe('A b C');
  });

  it('agrees with plain string edits on random typing', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 200; run++) {
      const base = 'abcdefghij\nklmnopqrst'.slice(0, random(22));
      let typed = untouched(base);
      let expected = base;
      for (let step = 0; step < 12; step++) {
        const offset = random(expected.length + 1);
        const change = { rangeOffset: offset, rangeLength: random(expected.length - offset + 1), text: ['', 'x', 'yz', 'b', '\n'][random(5)] ?? '' };
        expected = naive(expected, change);
        typed = applyChanges(typed, [change]);
        expect(typedValue(typed)).toBe(expected);
        expect(typedLength(typed)).toBe(expected.length);
        expect(isUntouched(typed)).toBe(expected === base);
        expect(typedEquals(typed, base)).toBe(expected === base);
      }
    }
  });
});
