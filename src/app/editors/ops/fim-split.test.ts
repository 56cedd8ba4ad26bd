import { describe, expect, it } from 'vitest';
import { textPart } from '../../../core/index.ts';
import { splitAtSelection, textPartToFim } from './fim-split.ts';

describe('splitAtSelection', () => {
  const text = 'The capital of France is Paris, famous for the Eiffel Tower.';
  const at = text.indexOf('Paris');

  it('a selection becomes the middle, the text around it prefix and suffix', () => {
    expect(splitAtSelection(text, { start: at, end: at + 5 })).toEqual({ prefix: 'The capital of France is ', middle: 'Paris', suffix: ', famous for the Eiffel Tower.' });
  });

  it('a caret gives an empty middle (the FIM task form)', () => {
    expect(splitAtSelection(text, { start: at, end: at })).toEqual({ prefix: 'The capital of France is ', middle: '', suffix: 'Paris, famous for the Eiffel Tower.' });
    expect(splitAtSelection(text, { start: 0, end: 0 })).toEqual({ prefix: '', middle: '', suffix: text });
    expect(splitAtSelection(text, { start: text.length, end: text.length })).toEqual({ prefix: text, middle: '', suffix: '' });
  });

  it('keeps every character: prefix + middle + suffix is the text', () => {
    for (const [start, end] of [[0, 3], [5, 5], [10, 60], [59, 60]] as const) {
      const { prefix, middle, suffix } = splitAtSelection(text, { start, end });
      expect(prefix + middle + suffix).toBe(text);
    }
  });

  it('clamps offsets outside the text and orders a backwards selection', () => {
    expect(splitAtSelection('abc', { start: -4, end: 99 })).toEqual({ prefix: '', middle: 'abc', suffix: '' });
    expect(splitAtSelection('abcdef', { start: 4, end: 2 })).toEqual({ prefix: 'ab', middle: 'cd', suffix: 'ef' });
  });

  it('never cuts a character made of two UTF-16 units', () => {
    // "a😀b": the emoji is code units 1 and 2; offsets 2 fall inside it.
    expect(splitAtSelection('a😀b', { start: 2, end: 2 })).toEqual({ prefix: 'a', middle: '😀', suffix: 'b' });
    expect(splitAtSelection('a😀b', { start: 0, end: 2 })).toEqual({ prefix: '', middle: 'a😀', suffix: 'b' });
  });
});

describe('textPartToFim', () => {
  it('makes a FIM segment with a new id and keeps the part\'s unknown fields', () => {
    const part = { ...textPart('def f():\n    return 1\n'), extra: { source: 'x.py' } };
    const fim = textPartToFim(part, { start: 13, end: 21 });
    expect(fim).toMatchObject({ type: 'fim', prefix: 'def f():\n    ', middle: 'return 1', suffix: '\n', extra: { source: 'x.py' } });
    expect(fim.id).not.toBe(part.id);
    expect(textPartToFim(textPart('x'), { start: 0, end: 0 })).not.toHaveProperty('extra');
  });
});
