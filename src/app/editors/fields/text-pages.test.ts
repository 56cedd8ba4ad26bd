import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLongText, LONG_TEXT_CHARS, pageAt, pageHolding, previousPageStart, spliceTyped } from './text-pages.ts';

/** Text with line breaks and surrogate pairs in it: where parts may and may not end. */
const text = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '😀', 'é'), { maxLength: 300 }).map((chars) => chars.join(''));
const size = fc.integer({ min: 1, max: 40 });
const splitsPair = (value: string, at: number) => at > 0 && at < value.length && /[\uD800-\uDBFF]/.test(value[at - 1] ?? '') && /[\uDC00-\uDFFF]/.test(value[at] ?? '');

describe('text pages', () => {
  it('only a field longer than LONG_TEXT_CHARS is edited in parts', () => {
    expect(isLongText('x'.repeat(LONG_TEXT_CHARS))).toBe(false);
    expect(isLongText('x'.repeat(LONG_TEXT_CHARS + 1))).toBe(true);
  });

  it('parts walked forward cover the text in order, none empty, none too long, none splitting a character', () => {
    fc.assert(
      fc.property(text, size, (value, n) => {
        const parts: string[] = [];
        let page = pageAt(value, 0, n);
        for (;;) {
          expect(page.end - page.start).toBeLessThanOrEqual(Math.max(n, 2));
          expect(splitsPair(value, page.end)).toBe(false);
          parts.push(value.slice(page.start, page.end));
          if (page.end >= value.length) break;
          expect(page.end).toBeGreaterThan(page.start);
          page = pageAt(value, page.end, n);
        }
        expect(parts.join('')).toBe(value);
      }),
    );
  });

  it('a part ends after a line break in its second half', () => {
    const value = `${'a'.repeat(6)}\n${'b'.repeat(10)}`;
    expect(pageAt(value, 0, 10)).toEqual({ start: 0, end: 7 });
    // No line break in the second half: the part is full length.
    expect(pageAt('a\nbbbbbbbbbbbb', 0, 10)).toEqual({ start: 0, end: 10 });
  });

  it('the part before ends where the current one begins, and is at most a part long', () => {
    fc.assert(
      fc.property(text, size, fc.nat(), (value, n, seed) => {
        const start = value.length === 0 ? 0 : seed % value.length;
        const before = previousPageStart(value, start, n);
        expect(before).toBeLessThanOrEqual(start);
        // A part of one character cannot hold a surrogate pair: it may take two.
        expect(start - before).toBeLessThanOrEqual(Math.max(n, 2));
        expect(splitsPair(value, before)).toBe(false);
        if (start > 0) expect(before).toBeLessThan(start);
      }),
    );
  });

  it('finds the part that holds an offset', () => {
    fc.assert(
      fc.property(text, size, fc.nat(), (value, n, seed) => {
        const at = value.length === 0 ? 0 : seed % value.length;
        const page = pageHolding(value, at, n);
        expect(page.start).toBeLessThanOrEqual(at);
        if (value.length > 0) expect(at).toBeLessThan(page.end);
      }),
    );
  });

  it('typing in a part changes only that part of the value', () => {
    const value = 'first part|second part|third part';
    const page = { start: 11, end: 22 };
    expect(spliceTyped(value, page, 'SECOND!')).toEqual({ value: 'first part|SECOND!|third part', page: { start: 11, end: 18 } });
  });
});

describe('text pages at their smallest', () => {
  it('a part of one character before a surrogate pair takes the whole pair', () => {
    expect(previousPageStart('a😀', 3, 1)).toBe(1);
    expect(pageAt('a😀', 1, 1)).toEqual({ start: 1, end: 3 });
  });
});
