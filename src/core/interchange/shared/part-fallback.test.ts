import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { FimPart, ValuePart } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import { fallbackPart, fallbackText, keptSourcePart, type TextFallback } from './part-fallback.ts';

const WORDS: TextFallback = { dialect: 'Target', unit: 'blocks', textType: 'input_text' };
const fim: FimPart = { id: 'p1', type: 'fim', prefix: 'def f(', middle: 'x', suffix: '):' };
const value: ValuePart = { id: 'p2', type: 'value', value: { n: [1, 2] } };
const path = ['messages', 0, 'content', 'parts', 1];

function losses(): { losses: Losses; out: Diagnostic[] } {
  const out: Diagnostic[] = [];
  return { losses: new Losses('Target Messages', out, 'anthropic'), out };
}

describe('part fallback', () => {
  it('writes a FIM segment as its three texts in a row, in the target text part, and reports it', () => {
    const { losses: l, out } = losses();
    expect(fallbackPart(fim, path, l, WORDS)).toEqual({ type: 'input_text', text: 'def f(x):' });
    expect(out).toHaveLength(1);
    expect(out[0]?.path).toEqual(path);
    expect(out[0]?.message).toContain('Target has no FIM blocks');
  });

  it('writes a value part as its JSON text and reports the lost type', () => {
    const { losses: l, out } = losses();
    expect(fallbackPart(value, path, l, WORDS)).toEqual({ type: 'input_text', text: '{"n":[1,2]}' });
    expect(out[0]?.message).toContain('Target has no value blocks');
    expect(fallbackText({ id: 'p3', type: 'value', value: null })).toBe('null');
  });

  it('keeps a source part of the target dialect whole, and leaves out (reported) one of another dialect', () => {
    const raw = { type: 'document', source: { data: 'x' } };
    const own = { id: 'p4', type: 'value' as const, value: raw, sourcePart: true, extraSource: 'anthropic' };
    const foreign = { ...own, extraSource: 'sharegpt' };
    const first = losses();
    expect(fallbackPart(own, path, first.losses, WORDS)).toBe(raw);
    expect(first.out).toEqual([]);
    const second = losses();
    expect(fallbackPart(foreign, path, second.losses, WORDS)).toBeUndefined();
    expect(second.out).toHaveLength(1);
    expect(second.out[0]?.message).toContain('a part of type "document"');
  });

  it('keptSourcePart leaves a plain value part to the caller', () => {
    const { losses: l, out } = losses();
    expect(keptSourcePart(value, path, l)).toBeUndefined();
    expect(out).toEqual([]);
  });
});
