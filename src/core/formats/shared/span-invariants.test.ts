import { describe, expect, it } from 'vitest';
import type { Span } from '../types.ts';
import { spanProblem } from './span-invariants.ts';

const span = (start: number, end: number, path: Span['path'] = []): Span => ({ start, end, kind: 'content', path, trainable: false });

describe('spanProblem', () => {
  it('accepts contiguous spans that cover the text, and no spans for no text', () => {
    expect(spanProblem('abcd', [span(0, 1), span(1, 4, ['messages', 0, 'content'])])).toBeUndefined();
    expect(spanProblem('', [])).toBeUndefined();
  });

  it.each([
    ['a gap', 'abcd', [span(0, 1), span(2, 4)], 'span 1 starts at 2, expected 1 (gap)'],
    ['an overlap', 'abcd', [span(0, 2), span(1, 4)], 'span 1 starts at 1, expected 2 (overlap)'],
    ['a first span after 0', 'abcd', [span(1, 4)], 'span 0 starts at 1, expected 0 (gap)'],
    ['an empty span', 'abcd', [span(0, 0), span(0, 4)], 'span 0 [0, 0) is empty or reversed'],
    ['a span past the end', 'ab', [span(0, 3)], 'span 0 ends at 3, after the text (2)'],
    ['text left uncovered', 'abcd', [span(0, 3)], 'the spans end at 3, the text at 4'],
    ['text with no spans', 'ab', [], 'the spans end at 0, the text at 2'],
    ['a negative index in the path', 'ab', [span(0, 2, ['messages', -1])], 'span 0 has the path ["messages",-1], not field names and indexes'],
    ['a fraction in the path', 'ab', [span(0, 2, ['messages', 0.5])], 'span 0 has the path ["messages",0.5], not field names and indexes'],
  ])('reports %s', (_what, text, spans, problem) => {
    expect(spanProblem(text, spans)).toBe(problem);
  });
});
