import { Template } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import { BUILTIN, concat, dictItems, equalsString, join, loopItems, member, notIn, outputString, toJson, truthy } from './jinja-values.ts';

const never = () => {
  throw new Error('unexpected failure');
};

describe('values as @huggingface/jinja sees them', () => {
  it('finds a dict method when the key is missing, and nothing on other values', () => {
    expect(member({}, 'items')).toBe(BUILTIN);
    expect(member({ items: 1 }, 'items')).toBe(1);
    expect(member('abc', 'type')).toBeUndefined();
    expect(member('abc', 'length')).toBe(3);
    expect(member([1], 'type')).toBeUndefined();
    expect(member(null, 'type')).toBeUndefined();
  });

  it('uses Python truthiness', () => {
    expect([{}, [], '', 0, null, undefined, false].map(truthy)).toEqual([false, false, false, false, false, false, false]);
    expect([{ a: 1 }, [0], ' ', -1, true, BUILTIN].map(truthy)).toEqual([true, true, true, true, true, true]);
  });

  it('compares with loose equality: a one-item list equals its item', () => {
    expect(equalsString(['array'], 'array')).toBe(true);
    expect(equalsString(['array', 'null'], 'array')).toBe(false);
    expect(equalsString({ type: 'array' }, 'array')).toBe(false);
  });

  it('concatenates lists by their items and dicts as [object Map], and fails on null and undefined', () => {
    expect(concat('', [1, 'a', null], never)).toBe('1,a,undefined');
    expect(concat('', { a: 1 }, never)).toBe('[object Map]');
    const reasons: string[] = [];
    expect(concat('// ', undefined, (r) => reasons.push(r))).toBe('// ');
    expect(concat('// ', null, (r) => reasons.push(r))).toBe('// ');
    expect(reasons).toEqual(['Cannot perform operation + on undefined values', 'Cannot perform operation on null values']);
  });

  it('joins strings by character and list items by their JavaScript string form', () => {
    expect(join('ab😀', '|', never)).toBe('a|b|😀');
    expect(join(['a', 1, null, true, [2, 'x'], { k: 1 }], '|', never)).toBe('a|1||true|2,x|[object Map]');
  });

  // Checked against @huggingface/jinja itself: these are its quirks, not ours.
  it.each<[string, unknown]>([
    ['a list with null', [1, null, 'a']],
    ['a nested list with null', [[null, 2], null]],
    ['a list with a dict', [{ k: null }, 1.5, true]],
    ['a dict', { a: [null] }],
    ['a large float', [1.3e221, -0.5]],
  ])('writes %s the way the reference does in +, join and ==', (_name, value) => {
    const reference = (source: string): string => new Template(source).render({ v: value });
    expect(concat('', value, never)).toBe(reference('{{ "" + v }}'));
    if (Array.isArray(value)) expect(join(value, '|', never)).toBe(reference('{{ v | join("|") }}'));
    const asText = reference('{{ "" + v }}');
    expect(equalsString(value, asText)).toBe(reference(`{{ v == ${JSON.stringify(asText)} }}`) === 'true');
  });

  it('writes tojson with Python separators and {{ }} output with nothing for null', () => {
    expect(toJson({ a: [1, 'é', null], b: { c: true } })).toBe('{"a": [1, "é", null], "b": {"c": true}}');
    expect(outputString(null)).toBe('');
    expect(outputString([1, 'a'])).toBe('[1, "a"]');
  });

  it('tests membership in lists, strings and dicts; fails on numbers', () => {
    expect(notIn('a', ['a'], never)).toBe(false);
    expect(notIn('a', 'cab', never)).toBe(false);
    expect(notIn('a', { a: 0 }, never)).toBe(false);
    expect(notIn('a', undefined, never)).toBe(true);
    const reasons: string[] = [];
    expect(notIn('a', 3, (r) => reasons.push(r))).toBe(true);
    expect(reasons).toHaveLength(1);
  });

  it('loops over list items and dict keys; items() fails on a dict with an "items" key', () => {
    expect(loopItems(['x'], never)).toEqual([[0, 'x']]);
    expect(loopItems({ k: 1 }, never)).toEqual([['k', 'k']]);
    const reasons: string[] = [];
    expect(dictItems({ items: 1 }, (r) => reasons.push(r))).toEqual([['items', 1]]);
    expect(reasons[0]).toContain('not a function: got IntegerValue');
  });
});
