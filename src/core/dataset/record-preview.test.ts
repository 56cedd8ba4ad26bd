/** The list's preview of a record (record-summary.ts), against the way it was first written. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH, preview } from './record-summary.ts';

/** The first implementation: every code point of the head in a list (Array.from). */
function reference(text: string): string {
  const head = text.slice(0, PREVIEW_LENGTH * 4).replace(/[\uD800-\uDBFF]$/, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(head);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : head;
}

describe('preview', () => {
  it('cuts where the list of code points cut, surrogate pairs and lone halves included', () => {
    const unit = fc.constantFrom('a', ' ', '\n', 'é', '😀', '\uD83D', '\uDE00', '\uE000', '\t', 'Z');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 400, size: 'max' }), (text) => {
        expect(preview(text)).toBe(reference(text));
      }),
      { numRuns: 5_000 },
    );
    for (const n of [PREVIEW_LENGTH - 1, PREVIEW_LENGTH, PREVIEW_LENGTH + 1]) {
      expect(preview('x'.repeat(n))).toBe(reference('x'.repeat(n)));
      expect(preview('😀'.repeat(n))).toBe(reference('😀'.repeat(n)));
    }
  });
});
