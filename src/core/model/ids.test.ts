import { describe, expect, it } from 'vitest';
import { newId, withoutIds } from './ids.ts';

describe('ids', () => {
  it('are unique and name their kind', () => {
    const a = newId('m');
    const b = newId('m');
    expect(a).toMatch(/^m-/);
    expect(a).not.toBe(b);
  });

  it('are empty inside withoutIds only, also after the reader throws', () => {
    expect(withoutIds(() => [newId('m'), withoutIds(() => newId('b')), newId('c')])).toEqual(['', '', '']);
    expect(newId('m')).not.toBe('');
    expect(() =>
      withoutIds(() => {
        throw new Error('unreadable');
      }),
    ).toThrow('unreadable');
    expect(newId('m')).not.toBe('');
  });
});
