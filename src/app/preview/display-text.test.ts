import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRIAGE_RETURN_SYMBOL, countCodePoints, fromDisplayText, lineBreakOffsets, toDisplayText } from './display-text.ts';

describe('toDisplayText', () => {
  it('shows each carriage return as ␍ and keeps every offset', () => {
    expect(toDisplayText('a\r\nb\rc\n')).toBe(`a${CARRIAGE_RETURN_SYMBOL}\nb${CARRIAGE_RETURN_SYMBOL}c\n`);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\r', '\n', '😀') }), (text) => {
        const shown = toDisplayText(text);
        expect(shown).toHaveLength(text.length);
        expect(shown.includes('\r')).toBe(false);
        // Line breaks stay where they were.
        expect([...shown].map((c, i) => (c === '\n' ? i : -1))).toEqual([...text].map((c, i) => (c === '\n' ? i : -1)));
      }),
    );
  });

  it('returns the same string when there is nothing to show differently', () => {
    const text = 'no carriage returns\n';
    expect(toDisplayText(text)).toBe(text);
  });
});

describe('lineBreakOffsets', () => {
  it('lists the line breaks inside a window, up to a maximum', () => {
    const text = 'a\nbb\n\nc\n';
    expect(lineBreakOffsets(text, 0, text.length, 10)).toEqual([1, 4, 5, 7]);
    expect(lineBreakOffsets(text, 2, 6, 10)).toEqual([4, 5]);
    expect(lineBreakOffsets(text, 0, text.length, 2)).toEqual([1, 4]);
    expect(lineBreakOffsets('none', 0, 4, 10)).toEqual([]);
  });
});

describe('countCodePoints', () => {
  it('counts what people call characters', () => {
    expect(countCodePoints('')).toBe(0);
    expect(countCodePoints('abc')).toBe(3);
    expect(countCodePoints('a😀b')).toBe(3);
    // A lone surrogate is one unit of its own.
    expect(countCodePoints('a\ud83d')).toBe(2);
  });

  it('agrees with the string iterator (property)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '😀', '\ud83d', '\ude00', 'é') }), (text) => countCodePoints(text) === [...text].length));
  });
});

describe('fromDisplayText', () => {
  it('restores the carriage returns of text typed in the model (property: inverse of toDisplayText)', () => {
    expect(fromDisplayText(`a${CARRIAGE_RETURN_SYMBOL}\nb`)).toBe('a\r\nb');
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '\r', '\n', ' ') }), (text) => fromDisplayText(toDisplayText(text)) === text));
  });
});
