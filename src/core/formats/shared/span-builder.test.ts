import { describe, expect, it } from 'vitest';
import type { FieldPath } from '../../model/path.ts';
import { SpanBuilder } from './span-builder.ts';

describe('SpanBuilder', () => {
  it('joins chunks and merges a span that continues the previous one', () => {
    const b = new SpanBuilder();
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

  it('merges equal paths that are different arrays, and keeps different paths apart', () => {
    const b = new SpanBuilder();
    b.content('a', ['messages', 1, 'content'], true);
    b.content('b', ['messages', 1, 'content'], true);
    b.content('c', ['messages', 1, 'name'], true);
    expect(b.finish().spans.map((s) => [s.start, s.end])).toEqual([
      [0, 2],
      [2, 3],
    ]);
  });

  it('passes every non-empty piece of content, and only content, to the check', () => {
    const seen: [string, FieldPath][] = [];
    const b = new SpanBuilder((text, path) => seen.push([text, path]));
    b.special('<s>', [], false);
    b.structure('{', ['x'], false);
    b.content('', ['y'], true);
    b.content('hi', ['z'], true);
    expect(seen).toEqual([['hi', ['z']]]);
    expect(b.finish()).toEqual({
      text: '<s>{hi',
      spans: [
        { start: 0, end: 3, kind: 'special', path: [], trainable: false },
        { start: 3, end: 4, kind: 'structure', path: ['x'], trainable: false },
        { start: 4, end: 6, kind: 'content', path: ['z'], trainable: true },
      ],
    });
  });

  it('checks the spans when it finishes (tests run as a development build)', () => {
    const b = new SpanBuilder();
    b.content('abc', ['a'], true);
    b.content('de', ['b'], true);
    (b.spans[1] as { start: number }).start = 2;
    expect(() => b.finish()).toThrow(/span 1 starts at 2, expected 3 \(overlap\)/);
  });
});
