import { describe, expect, it } from 'vitest';
import { fimPart, textPart } from '../../../core/index.ts';
import { fimCursor } from './fim-cursor.ts';

describe('fimCursor', () => {
  it('is right after the prefix, on line 1 for a one-line prefix', () => {
    expect(fimCursor([fimPart('The capital of France is ', '', ', famous')], 0)).toEqual({ offset: 25, line: 1, column: 26 });
    expect(fimCursor([fimPart('', 'x', 'y')], 0)).toEqual({ offset: 0, line: 1, column: 1 });
  });

  it('counts lines and columns in the prefix (the Fibonacci example: line 10, after 8 spaces)', () => {
    const prefix = 'def fibonacci(n):\n    if n <= 0:\n        return []\n    elif n == 1:\n        return [0]\n    elif n == 2:\n        return [0, 1]\n    else:\n        fib = [0, 1]\n        ';
    expect(fimCursor([fimPart(prefix, '', '\n        return fib')], 0)).toEqual({ offset: prefix.length, line: 10, column: 9 });
  });

  it('counts the parts before it, a segment before it as filled in', () => {
    const parts = [textPart('one\ntwo '), fimPart('a', 'b\n', 'c'), textPart('three '), fimPart('x', '', 'y')];
    // Joined: "one\ntwo " + "ab\nc" + "three " + "x" | insertion point
    expect(fimCursor(parts, 1)).toEqual({ offset: 9, line: 2, column: 6 });
    expect(fimCursor(parts, 3)).toEqual({ offset: 19, line: 3, column: 9 });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(fimCursor([fimPart('😀 ', '', '')], 0)).toEqual({ offset: 2, line: 1, column: 3 });
  });

  it('is undefined for a part that is not a FIM segment', () => {
    expect(fimCursor([textPart('x')], 0)).toBeUndefined();
    expect(fimCursor([], 3)).toBeUndefined();
  });
});
