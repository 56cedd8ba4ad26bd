import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../store/index.ts';
import { datasetKeyAction, goNext, goPrevious, hasError, markDoneAndNext, neighbour, nextWithError, toggleFlag } from './navigation.ts';

const row = (extra: Partial<DatasetRow> = {}): DatasetRow => ({ line: 1, blank: false, status: 'unreviewed', ...extra });
const summary = (errors: number) => ({ preview: '', dialect: 'openai-chat', messages: 1, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: errors, errors });

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
    expect(nextWithError(state, 1)).toBe(3);
    expect(nextWithError(state, -1)).toBe(1);
    expect(nextWithError({ ...state, currentRecord: 3 }, 1)).toBeUndefined();
    expect(hasError(rows[0])).toBe(false);
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
