import { describe, expect, it } from 'vitest';
import { mergeValues, pathText, sameJson, setAtPath } from './value-merge.ts';

describe('mergeValues', () => {
  const base = { id: 1, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }], tags: ['a'] };

  it('takes what one side changed and what both changed the same way', () => {
    const a = { ...base, messages: [{ role: 'user', content: 'hi!' }, base.messages[1]] };
    const b = { ...base, messages: [base.messages[0], { role: 'assistant', content: 'hello there' }], tags: ['a', 'b'] };
    expect(mergeValues(base, [a, b])).toEqual({ value: { id: 1, messages: [{ role: 'user', content: 'hi!' }, { role: 'assistant', content: 'hello there' }], tags: ['a', 'b'] }, conflicts: [] });
    expect(mergeValues(base, [{ ...base, id: 2 }, { ...base, id: 2 }]).value).toEqual({ ...base, id: 2 });
  });

  it('makes a field changed differently a conflict at its path, keeping the base there', () => {
    const a = { ...base, messages: [base.messages[0], { role: 'assistant', content: 'A' }] };
    const b = { ...base, messages: [base.messages[0], { role: 'assistant', content: 'B' }], id: 7 };
    const merged = mergeValues(base, [a, b]);
    expect(merged.conflicts).toEqual([{ path: ['messages', 1, 'content'], base: 'hello', sides: ['A', 'B'] }]);
    expect(merged.value).toEqual({ ...base, id: 7 });
  });

  it('treats a removed key as a change, and arrays of other lengths as one value', () => {
    const { tags: _removed, ...withoutTags } = base;
    void _removed;
    expect(mergeValues(base, [withoutTags, { ...base, id: 3 }]).value).toEqual({ id: 3, messages: base.messages });
    const longer = { ...base, messages: [...base.messages, { role: 'user', content: 'more' }] };
    const edited = { ...base, messages: [base.messages[0], { role: 'assistant', content: 'x' }] };
    expect(mergeValues(base, [longer, edited]).conflicts.map((c) => c.path)).toEqual([['messages']]);
  });

  it('ignores key order when comparing', () => {
    expect(sameJson({ a: 1, b: [{ c: 1, d: 2 }] }, { b: [{ d: 2, c: 1 }], a: 1 })).toBe(true);
    expect(mergeValues({ a: 1, b: 2 }, [{ b: 2, a: 1 }, { a: 1, b: 3 }]).value).toEqual({ a: 1, b: 3 });
  });
});

describe('paths', () => {
  it('writes a path as a person reads it', () => {
    expect(pathText(['messages', 2, 'content'])).toBe('messages[2].content');
    expect(pathText(['odd key', 0])).toBe('["odd key"][0]');
    expect(pathText([])).toBe('(record)');
  });

  it('puts a value at a path without changing the input', () => {
    const value = { a: [{ b: 1 }], c: 2 };
    expect(setAtPath(value, ['a', 0, 'b'], 5)).toEqual({ a: [{ b: 5 }], c: 2 });
    expect(setAtPath(value, ['c'], undefined)).toEqual({ a: [{ b: 1 }] });
    expect(setAtPath(value, ['__proto__'], 1)).toEqual(JSON.parse('{"a":[{"b":1}],"c":2,"__proto__":1}'));
    expect(value).toEqual({ a: [{ b: 1 }], c: 2 });
  });
});
