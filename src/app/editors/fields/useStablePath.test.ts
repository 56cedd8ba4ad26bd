// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { FieldPath } from '../../../core/index.ts';
import { useStablePath } from './useStablePath.ts';

describe('useStablePath', () => {
  it('keeps the same array while the segments are equal, and follows a change', () => {
    const { result, rerender } = renderHook(({ path }: { path: FieldPath }) => useStablePath(path), { initialProps: { path: ['messages', 2, 'content', 'blocks'] } });
    const first = result.current;
    rerender({ path: ['messages', 2, 'content', 'blocks'] });
    expect(result.current).toBe(first);
    rerender({ path: ['messages', 3, 'content', 'blocks'] });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual(['messages', 3, 'content', 'blocks']);
  });
});
