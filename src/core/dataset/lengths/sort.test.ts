import { describe, expect, it } from 'vitest';
import { sortByValue } from './sort.ts';

describe('sortByValue', () => {
  const values = new Map([
    [10, 5],
    [11, 2],
    [12, 5],
    [13, 9],
  ]);
  const valueOf = (id: number) => values.get(id);

  it('orders ids by their value, ties in the order given, ids without a value last', () => {
    // 14 has no value (not measured): after every measured one, either way.
    expect(sortByValue([14, 10, 11, 12, 13], valueOf, false)).toEqual([11, 10, 12, 13, 14]);
    expect(sortByValue([14, 10, 11, 12, 13], valueOf, true)).toEqual([13, 10, 12, 11, 14]);
  });

  it('leaves the order it was given alone', () => {
    const order = [13, 12];
    expect(sortByValue(order, valueOf, false)).toEqual([12, 13]);
    expect(order).toEqual([13, 12]);
  });
});
