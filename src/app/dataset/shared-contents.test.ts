import { describe, expect, it } from 'vitest';
import type { RecordSummary } from '../../core/index.ts';
import type { RowContent } from '../store/index.ts';
import { SHARED_LIMIT, sharedContents } from './shared-contents.ts';

const summary = (dialect: string, empty?: RecordSummary['empty']): RecordSummary => ({ preview: 'Q', dialect, messages: 2, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: 1, errors: 1, warnings: 0, ...(empty && { empty }) });
/** As structured clone gives them: every string and array a copy of its own. */
const cloned = (content: RowContent): RowContent => structuredClone(content);

describe('sharedContents', () => {
  it('gives equal dialects, lists of codes and kinds of empty field one copy across rows and stripes, the rest untouched', () => {
    const shared = sharedContents();
    const first = [cloned({ summary: summary('openai-chat', ['assistant']), codes: ['a/b', 'c'], harmlessCodes: ['c'], key: 'k1' }), cloned({ summary: summary('openai-chat'), codes: ['a/b', 'c'], key: 'k2' })];
    const second = [cloned({ summary: summary('openai-chat', ['assistant']), codes: ['a/b', 'c'], harmlessCodes: ['c'], key: 'k3' }), cloned({ problem: { kind: 'json', message: 'bad', line: 4 } })];
    expect(first[0]?.codes).not.toBe(first[1]?.codes);
    shared.share(first);
    shared.share(second);
    const [a, b] = first;
    const [c, bad] = second;
    expect(b?.codes).toBe(a?.codes);
    expect(c?.codes).toBe(a?.codes);
    expect(c?.harmlessCodes).toBe(a?.harmlessCodes);
    expect(c?.summary?.empty).toBe(a?.summary?.empty);
    // Equal values, whatever is shared: nothing of a row is lost or changed.
    expect(c).toEqual({ summary: summary('openai-chat', ['assistant']), codes: ['a/b', 'c'], harmlessCodes: ['c'], key: 'k3' });
    expect(bad).toEqual({ problem: { kind: 'json', message: 'bad', line: 4 } });
    // A list of other codes is not taken for it (["a/b", "c"] against ["a/b\nc"]).
    const other = [cloned({ codes: ['a/b\nc'] })];
    shared.share(other);
    expect(other[0]?.codes).toEqual(['a/b\nc']);
  });

  it('keeps at most SHARED_LIMIT distinct values: past it, a new value stays the row\'s own', () => {
    const shared = sharedContents();
    const many = Array.from({ length: SHARED_LIMIT + 2 }, (_, i) => cloned({ codes: [`code-${i}`] }));
    shared.share(many);
    const again = Array.from({ length: SHARED_LIMIT + 2 }, (_, i) => cloned({ codes: [`code-${i}`] }));
    shared.share(again);
    expect(again[0]?.codes).toBe(many[0]?.codes);
    expect(again[SHARED_LIMIT + 1]?.codes).not.toBe(many[SHARED_LIMIT + 1]?.codes);
    expect(again[SHARED_LIMIT + 1]?.codes).toEqual([`code-${SHARED_LIMIT + 1}`]);
  });
});
