import { describe, expect, it } from 'vitest';
import { RenderBuilder } from './builder.ts';

describe('RenderBuilder', () => {
  it('joins chunks and merges a span that continues the previous one', () => {
    const b = new RenderBuilder();
    b.push('<|a|>', 'special', ['m', 0], false);
    b.push('x', 'content', ['m', 0, 'content'], true);
    b.push('y', 'content', ['m', 0, 'content'], true);
    b.push('', 'structure', [], false);
    b.push('[', 'structure', ['m', 0], true);
    b.push(']', 'structure', ['m', 0], false);
    expect(b.text()).toBe('<|a|>xy[]');
    expect(b.spans).toEqual([
      { start: 0, end: 5, kind: 'special', path: ['m', 0], trainable: false },
      { start: 5, end: 7, kind: 'content', path: ['m', 0, 'content'], trainable: true },
      { start: 7, end: 8, kind: 'structure', path: ['m', 0], trainable: true },
      { start: 8, end: 9, kind: 'structure', path: ['m', 0], trainable: false },
    ]);
  });
});
