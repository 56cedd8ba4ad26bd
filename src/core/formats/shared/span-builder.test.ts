import { describe, expect, it } from 'vitest';
import type { FieldPath } from '../../model/path.ts';
import { fixedRun, SpanBuilder, type RunPiece } from './span-builder.ts';

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

describe('SpanBuilder runs', () => {
  /** The same pieces pushed one by one: what a run must be equal to. */
  function onePiecePerPush(pieces: readonly RunPiece[], before: (b: SpanBuilder) => void, path: FieldPath): { text: string; spans: unknown } {
    const b = new SpanBuilder();
    before(b);
    for (const [text, kind, trainable] of pieces) b.push(text, kind, path, trainable);
    return b.finish();
  }

  const cases: { name: string; pieces: RunPiece[]; before: (b: SpanBuilder) => void }[] = [
    { name: 'a header after nothing', pieces: [['<|s|>', 'special', false], ['user', 'structure', false], ['<|e|>', 'special', false], ['\n\n', 'structure', false]], before: () => {} },
    { name: 'a first piece that continues the last span', pieces: [['\n', 'structure', true], ['<t>', 'special', true]], before: (b) => b.structure('x', ['m', 0], true) },
    { name: 'a first piece that does not (other path)', pieces: [['\n', 'structure', true], ['<t>', 'special', true]], before: (b) => b.structure('x', ['m', 1], true) },
    { name: 'pieces of one kind and trainable, kept as one span', pieces: [['<|e|>', 'special', true], ['<|f|>', 'special', true], ['\n', 'structure', false]], before: (b) => b.content('hi', ['m', 0, 'content'], true) },
    { name: 'empty pieces', pieces: [['', 'special', true], ['a', 'structure', false], ['', 'structure', true], ['b', 'structure', false]], before: (b) => b.structure('z', ['m', 0], false) },
  ];

  for (const { name, pieces, before } of cases) {
    it(`writes the text and spans of its pieces pushed one by one: ${name}`, () => {
      const path = ['m', 0];
      const b = new SpanBuilder();
      before(b);
      b.run(fixedRun(pieces), [...path]);
      expect(b.finish()).toEqual(onePiecePerPush(pieces, before, path));
    });
  }

  it('writes only the text without spans, and nothing without text', () => {
    const pieces: RunPiece[] = [['<a>', 'special', false], ['b', 'structure', false]];
    const textOnly = new SpanBuilder(undefined, { spans: false });
    textOnly.run(fixedRun(pieces), []);
    expect(textOnly.finish()).toEqual({ text: '<a>b', spans: [] });
    const none = new SpanBuilder(undefined, { text: false });
    none.run(fixedRun(pieces), []);
    expect(none.text()).toBe('');
  });

  it('does not pass its text to the content check (it is the format\'s own)', () => {
    const seen: string[] = [];
    const b = new SpanBuilder((text) => seen.push(text));
    b.run(fixedRun([['<a>', 'special', false]]), []);
    expect(seen).toEqual([]);
  });
});

describe('SpanBuilder with an expected number of spans', () => {
  function build(expected: number | undefined): SpanBuilder {
    const b = new SpanBuilder(undefined, undefined, expected);
    for (let i = 0; i < 5; i++) {
      b.special('<s>', ['m', i], false);
      b.content(`x${i}`, ['m', i, 'content'], true);
    }
    return b;
  }

  it('gives the spans written, no more, whether it expected fewer, as many or more', () => {
    const plain = build(undefined).finish();
    for (const expected of [0, 3, 10, 1000]) {
      const { text, spans } = build(expected).finish();
      expect(text).toBe(plain.text);
      expect(spans).toHaveLength(10);
      expect(spans).toEqual(plain.spans);
      // No holes left where fewer were written than expected.
      expect(spans.every((span) => span !== undefined)).toBe(true);
    }
  });

  it('gives the spans so far before it finishes, and goes on after', () => {
    const b = build(100);
    expect(b.spans).toHaveLength(10);
    b.structure('!', ['z'], false);
    expect(b.finish().spans.map((s) => s.path)).toEqual([...build(undefined).spans.map((s) => s.path), ['z']]);
  });
});
