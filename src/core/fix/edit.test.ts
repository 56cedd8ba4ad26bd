import { describe, expect, it } from 'vitest';
import type { FixOp } from '../model/fix.ts';
import { applyEdit, jsonEqual } from './edit.ts';

const doc = Object.freeze({ a: Object.freeze([1, 2, 3]), b: Object.freeze({ c: 'x' }), d: null });

describe('applyEdit', () => {
  it('sets, removes and inserts without changing its input, sharing what it did not touch', () => {
    const out = applyEdit(doc, [
      { op: 'set', path: ['b', 'c'], value: 'y' },
      { op: 'remove', path: ['a', 0] },
      { op: 'insert', path: ['a', 2], value: { z: 1 } },
      { op: 'set', path: ['e'], value: true },
    ]);
    expect(out).toEqual({ a: [2, 3, { z: 1 }], b: { c: 'y' }, d: null, e: true });
    expect(doc).toEqual({ a: [1, 2, 3], b: { c: 'x' }, d: null });
    const shared = applyEdit(doc, [{ op: 'set', path: ['b', 'c'], value: 'y' }]) as typeof doc;
    expect(shared.a).toBe(doc.a);
  });

  it('moves an array element (the target index is read after the removal) and an object key', () => {
    expect(applyEdit({ a: ['x', 'y', 'z'] }, [{ op: 'move', from: ['a', 2], path: ['a', 0] }])).toEqual({ a: ['z', 'x', 'y'] });
    expect(applyEdit({ a: { k: 1 }, b: {} }, [{ op: 'move', from: ['a', 'k'], path: ['b', 'k'] }])).toEqual({ a: {}, b: { k: 1 } });
  });

  it('applies nothing when a test fails, a target is missing or an index is out of range', () => {
    const cases: FixOp[][] = [
      [{ op: 'test', path: ['b', 'c'], value: 'other' }, { op: 'set', path: ['d'], value: 1 }],
      [{ op: 'absent', path: ['d'] }],
      [{ op: 'test', path: ['nope'], value: null }],
      [{ op: 'set', path: ['a', 3], value: 4 }],
      [{ op: 'insert', path: ['a', 4], value: 4 }],
      [{ op: 'remove', path: ['b', 'nope'] }],
      [{ op: 'set', path: ['d', 'x'], value: 1 }],
      [{ op: 'set', path: [], value: 1 }],
    ];
    for (const edit of cases) expect(applyEdit(doc, edit)).toBeUndefined();
  });

  it('tests by JSON equality: `null` is a value, an absent key is not', () => {
    expect(applyEdit(doc, [{ op: 'test', path: ['d'], value: null }])).toBe(doc);
    expect(applyEdit(doc, [{ op: 'absent', path: ['e'] }])).toBe(doc);
    expect(jsonEqual({ x: 1, y: [1, { z: 2 }] }, { y: [1, { z: 2 }], x: 1 })).toBe(true);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it('copies the values it writes, so two records never share one', () => {
    const value = { k: [1] };
    const out = applyEdit({}, [{ op: 'set', path: ['v'], value }]) as { v: unknown };
    expect(out.v).toEqual(value);
    expect(out.v).not.toBe(value);
  });
});
