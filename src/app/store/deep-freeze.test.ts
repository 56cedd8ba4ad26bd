import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.ts';

describe('deepFreeze', () => {
  it('freezes every level of a value nested 20,000 deep, so that immer can edit beside it', () => {
    const depth = 20_000;
    const deep = (): { text: string; tree: unknown } => ({ text: 'a', tree: JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown });
    expect(() => produce(deep(), (draft) => void (draft.text = 'b'))).toThrow(RangeError);
    const record = deepFreeze(deep());
    let frozen = 0;
    for (let inner: unknown = record.tree; Array.isArray(inner); inner = inner[0]) if (Object.isFrozen(inner)) frozen += 1;
    expect(frozen).toBe(depth);
    expect(produce(record, (draft) => void (draft.text = 'b')).text).toBe('b');
  });
});
