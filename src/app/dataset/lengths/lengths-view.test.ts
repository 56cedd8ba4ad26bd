import { describe, expect, it } from 'vitest';
import { NO_CHANGES, type DatasetChanges } from '../../store/dataset-model.ts';
import { lengthFilterOn, lengthsOfRecord, sortedOrder, valuesOver, lengthsLookup } from './lengths-view.ts';

const row = (chars: number, tokens?: number) => ({ chars, messages: 2, turns: 1, ...(tokens === undefined ? {} : { tokens }) });

describe('lengthsOfRecord', () => {
  // File records 0, 1, 2 (2: a bad line); 3 an added copy of 1; 1 edited in the app.
  const state = { fileRows: [row(10, 3), row(20, 6), null], textRows: new Map([[1, row(99, 30)]]) };
  const changes: DatasetChanges = { ...NO_CHANGES, edited: new Map([[1, '{"messages":[]}']]), copies: new Map([[3, 0]]) };

  it('takes an edited record\'s text measure, a copy\'s source, a file record\'s pass row', () => {
    expect(lengthsOfRecord(state, changes, 3, 0)).toEqual(row(10, 3));
    expect(lengthsOfRecord(state, changes, 3, 1)).toEqual(row(99, 30));
    expect(lengthsOfRecord(state, changes, 3, 3)).toEqual(row(10, 3));
    expect(lengthsOfRecord(state, changes, 3, 2)).toBeUndefined();
    // The edit undone: the file's own figures again.
    expect(lengthsOfRecord(state, NO_CHANGES, 3, 1)).toEqual(row(20, 6));
  });

  it('gives the values of a measure over the listed records, and the order sorted by one', () => {
    const lookup = lengthsLookup(state, changes, 3);
    expect(valuesOver([0, 1, 2, 3], lookup, 'chars')).toEqual([10, 99, 10]);
    expect(sortedOrder(null, [0, 1, 2, 3], { measure: 'chars', descending: true }, lookup)).toEqual([1, 0, 3, 2]);
    expect(sortedOrder([3, 1], [0, 1, 2, 3], { measure: 'tokens', descending: false }, lookup)).toEqual([3, 1]);
    expect(sortedOrder(null, [0, 1], null, lookup)).toBeNull();
  });
});

describe('lengthFilterOn', () => {
  it('is on for a bound on a length or the token rules only', () => {
    expect(lengthFilterOn({ hasErrors: true, minTurns: 2 })).toBe(false);
    expect(lengthFilterOn({ minTokens: 101 })).toBe(true);
    expect(lengthFilterOn({ breaksTokenRules: true })).toBe(true);
  });
});
