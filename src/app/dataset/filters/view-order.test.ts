import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../store/index.ts';
import { computeViewOrder } from './view-order.ts';

const row = (errors: number, status: DatasetRow['status'] = 'unreviewed'): DatasetRow => ({
  line: 1,
  blank: false,
  status,
  summary: { preview: '', dialect: 'openai-chat', messages: 2, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: errors, errors },
});
const ROWS = [row(0), row(1), row(0, 'flagged'), row(2)];

describe('computeViewOrder', () => {
  it('is null (every record) with no search shown and no filter', () => {
    expect(computeViewOrder(ROWS, [0, 1, 2, 3], null, {})).toBeNull();
  });

  it('lists the matching records still in the dataset, then filters them', () => {
    const found = { ids: [1, 2, 3], places: [1, 1, 1], totalPlaces: 3 };
    expect(computeViewOrder(ROWS, [0, 1, 3], found, {})).toEqual([1, 3]);
    expect(computeViewOrder(ROWS, [0, 1, 2, 3], found, { hasErrors: true })).toEqual([1, 3]);
    expect(computeViewOrder(ROWS, [0, 1, 2, 3], null, { status: 'flagged' })).toEqual([2]);
  });
});
