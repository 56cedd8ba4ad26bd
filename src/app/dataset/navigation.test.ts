import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../store/index.ts';
import { datasetKeyAction, goNext, goPrevious, hasError, markDoneAndNext, neighbour, nextWithError, toggleFlag } from './navigation.ts';

const row = (extra: Partial<DatasetRow> = {}): DatasetRow => ({ line: 1, blank: false, status: 'unreviewed', ...extra });
const summary = (errors: number, warnings = 0) => ({ preview: '', dialect: 'openai-chat', messages: 1, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: errors + warnings, errors, warnings });

describe('review navigation', () => {
  const rows = [row({ summary: summary(0) }), row({ problem: { kind: 'json', message: 'bad', line: 2 } }), row({ summary: summary(0) }), row({ summary: summary(2) }), row({ summary: summary(0) })];
  const state = { datasetOrder: [0, 1, 2, 3, 4], viewOrder: null, currentRecord: 2, datasetRows: rows };

  it('moves along the list as shown, stopping at its ends', () => {
    expect(neighbour(state, 1)).toBe(3);
    expect(neighbour(state, -1)).toBe(1);
    expect(neighbour({ ...state, currentRecord: 4 }, 1)).toBeUndefined();
    // A filter's view order decides what "next" is.
    expect(neighbour({ ...state, viewOrder: [4, 2, 0] }, 1)).toBe(0);
  });

  it('finds the next and previous record with an error (a bad line or error diagnostics)', () => {
    expect(nextWithError(state, 1)).toEqual({ id: 3, wrapped: false });
    expect(nextWithError(state, -1)).toEqual({ id: 1, wrapped: false });
    expect(hasError(rows[0])).toBe(false);
  });

  it('wraps at either end of the list, and says so', () => {
    expect(nextWithError({ ...state, currentRecord: 3 }, 1)).toEqual({ id: 1, wrapped: true });
    expect(nextWithError({ ...state, currentRecord: 1 }, -1)).toEqual({ id: 3, wrapped: true });
    // From no record: the first one, from the top.
    expect(nextWithError({ ...state, currentRecord: null }, 1)).toEqual({ id: 1, wrapped: false });
  });

  it('finds nothing when no other record has an error (the current one alone does not count)', () => {
    const one = [row({ summary: summary(0) }), row({ summary: summary(1) })];
    expect(nextWithError({ datasetOrder: [0, 1], viewOrder: null, currentRecord: 1, datasetRows: one }, 1)).toBeUndefined();
    expect(nextWithError({ datasetOrder: [0, 1], viewOrder: null, currentRecord: 0, datasetRows: one }, 1)).toEqual({ id: 1, wrapped: false });
  });

  it('visits records with warnings too when asked', () => {
    const mixed = [row({ summary: summary(0) }), row({ summary: summary(0, 1) }), row({ summary: summary(1) }), row({ summary: summary(0, 2) })];
    const at0 = { datasetOrder: [0, 1, 2, 3], viewOrder: null, currentRecord: 0, datasetRows: mixed };
    expect(nextWithError(at0, 1)).toEqual({ id: 2, wrapped: false });
    expect(nextWithError(at0, 1, true)).toEqual({ id: 1, wrapped: false });
    expect(nextWithError({ ...at0, currentRecord: 2 }, 1, true)).toEqual({ id: 3, wrapped: false });
    expect(nextWithError({ ...at0, currentRecord: 3 }, 1, true)).toEqual({ id: 1, wrapped: true });
  });

  it('maps only Alt+letter review keys, by key position (any layout), leaving Ctrl/Meta combinations alone', () => {
    const key = (code: string, extra: Partial<KeyboardEvent> = {}) => datasetKeyAction({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, code, ...extra });
    expect(key('KeyJ')).toBe(goNext);
    expect(key('KeyK')).toBe(goPrevious);
    expect(key('KeyM')).toBe(markDoneAndNext);
    expect(key('KeyG')).toBe(toggleFlag);
    expect(key('KeyN')).toBeTypeOf('function');
    expect(key('KeyJ', { ctrlKey: true })).toBeUndefined();
    expect(key('KeyJ', { altKey: false })).toBeUndefined();
    // Keys Monaco binds with Alt (Alt+↑/↓ moves lines, Alt+F…) are not taken.
    expect(key('ArrowDown')).toBeUndefined();
    expect(key('KeyF')).toBeUndefined();
  });
});
