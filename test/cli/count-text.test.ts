import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countText } from '../../src/cli/count-text.ts';

describe('countText', () => {
  it.each([0, 7, 999, 1000, 12345, 313960, 1000000, Number.MAX_SAFE_INTEGER, -1234, 1.5])('writes %d as toLocaleString("en-US") does', (count) => {
    expect(countText(count)).toBe(count.toLocaleString('en-US'));
  });

  it('writes any count as toLocaleString("en-US") does', () => {
    fc.assert(fc.property(fc.oneof(fc.nat(), fc.maxSafeNat()), (count) => countText(count) === count.toLocaleString('en-US')), { numRuns: 3000 });
  });
});
