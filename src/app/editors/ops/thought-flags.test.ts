import { describe, expect, it } from 'vitest';
import { showsThoughtFlags, withThoughtFlag } from './thought-flags.ts';

describe('withThoughtFlag', () => {
  it('keeps the written order (reflect, introspect, reason) whatever the order of ticking', () => {
    expect(withThoughtFlag(undefined, 'reason', true)).toEqual(['reason']);
    expect(withThoughtFlag(['reason'], 'reflect', true)).toEqual(['reflect', 'reason']);
    expect(withThoughtFlag(['reflect', 'reason'], 'introspect', true)).toEqual(['reflect', 'introspect', 'reason']);
  });

  it('removes a flag, and the whole field with the last one', () => {
    expect(withThoughtFlag(['reflect', 'reason'], 'reflect', false)).toEqual(['reason']);
    expect(withThoughtFlag(['reason'], 'reason', false)).toBeUndefined();
  });

  it('ticking a flag that is set changes nothing (no duplicates)', () => {
    expect(withThoughtFlag(['reason'], 'reason', true)).toEqual(['reason']);
  });
});

describe('showsThoughtFlags', () => {
  it('on system messages when the format writes flags', () => {
    expect(showsThoughtFlags('system', undefined, true)).toBe(true);
    expect(showsThoughtFlags('system', undefined, false)).toBe(false);
    expect(showsThoughtFlags('user', undefined, true)).toBe(false);
  });

  it('on any message that has flags, whatever the format', () => {
    expect(showsThoughtFlags('system', ['reason'], false)).toBe(true);
    expect(showsThoughtFlags('user', ['reason'], false)).toBe(true);
    expect(showsThoughtFlags('system', [], false)).toBe(false);
  });
});
