import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apertusFormat, blocksMessage, conversation, formatPath, response, textMessage, thoughts, toolCall, toolCalls, type FieldPath, type Span } from '../../core/index.ts';
import { clickedOffset, focusRanges, SpanIndex } from './span-index.ts';

function span(start: number, end: number, path: FieldPath, kind: Span['kind'] = 'content', trainable = false): Span {
  return { start, end, kind, path, trainable };
}

/** A render of the real Apertus format: a user question, an assistant turn with thoughts, a call and a response. */
function sample() {
  const record = conversation([
    textMessage('user', 'Weather?'),
    blocksMessage([thoughts('Check it.'), toolCalls([toolCall('get_weather', '{"city": "Bern"}')]), response('Sunny.')]),
    textMessage('user', 'Thanks'),
  ]);
  return apertusFormat.render(record, { date: '2025-01-01' });
}

describe('SpanIndex.spanAt', () => {
  it('finds the span of every character of a real render (binary search = linear search)', () => {
    const { text, spans } = sample();
    const index = new SpanIndex(spans);
    for (let offset = 0; offset < text.length; offset++) {
      const expected = spans.find((s) => s.start <= offset && offset < s.end);
      expect(index.spanAt(offset)).toBe(expected);
    }
    expect(index.spanAt(text.length)).toBeUndefined();
    expect(index.spanAt(-1)).toBeUndefined();
  });

  it('agrees with a linear search on random span layouts, gaps and empty spans included (property)', () => {
    const layout = fc.array(fc.record({ gap: fc.nat(3), length: fc.nat(5) }), { maxLength: 30 });
    fc.assert(
      fc.property(layout, fc.nat(200), (pieces, offset) => {
        let at = 0;
        const spans = pieces.map(({ gap, length }) => {
          at += gap;
          const s = span(at, at + length, ['messages', 0]);
          at += length;
          return s;
        });
        const expected = spans.find((s) => s.start <= offset && offset < s.end);
        expect(new SpanIndex(spans).spanAt(offset)).toBe(expected);
      }),
    );
  });
});

describe('SpanIndex.overlapping', () => {
  it('yields the spans that overlap a window, in order', () => {
    const spans = [span(0, 3, []), span(3, 10, ['a']), span(10, 12, ['b']), span(12, 20, ['c'])];
    const index = new SpanIndex(spans);
    expect([...index.overlapping(4, 11)].map((s) => s.path[0])).toEqual(['a', 'b']);
    expect([...index.overlapping(0, 1)].map((s) => s.start)).toEqual([0]);
    expect([...index.overlapping(20, 30)]).toEqual([]);
  });
});

describe('SpanIndex.rangesFor', () => {
  it('merges the adjacent spans of a field and its children', () => {
    const { text, spans } = sample();
    const index = new SpanIndex(spans);
    const call = ['messages', 1, 'content', 'blocks', 1, 'calls', 0];
    const ranges = index.rangesFor(call);
    expect(ranges).toHaveLength(1);
    const [range] = ranges;
    // The call renders as {"get_weather": {"city": "Bern"}} inside [ … ].
    expect(text.slice(range!.start, range!.end)).toBe('{"get_weather": {"city": "Bern"}}');
    const args = index.rangesFor([...call, 'arguments']);
    expect(args.map((r) => text.slice(r.start, r.end))).toEqual(['{"city": "Bern"}']);
  });

  it('gives the same ranges through the list-item buckets as a plain scan, for every prefix of every path', () => {
    const { spans } = sample();
    const index = new SpanIndex(spans);
    const reference = (prefix: FieldPath) => {
      const out: { start: number; end: number }[] = [];
      for (const s of spans.filter((x) => prefix.every((segment, i) => x.path[i] === segment))) {
        const last = out[out.length - 1];
        if (last && last.end === s.start) last.end = s.end;
        else out.push({ start: s.start, end: s.end });
      }
      return out;
    };
    const prefixes = new Map<string, FieldPath>();
    for (const s of spans) for (let n = 1; n <= s.path.length; n++) prefixes.set(formatPath(s.path.slice(0, n)), s.path.slice(0, n));
    expect(prefixes.size).toBeGreaterThan(10);
    for (const prefix of prefixes.values()) expect(index.rangesFor(prefix)).toEqual(reference(prefix));
  });

  it('stops at the limit', () => {
    const spans = [span(0, 1, ['m', 0, 'a']), span(1, 2, ['x']), span(2, 3, ['m', 0, 'b']), span(3, 4, ['x']), span(4, 5, ['m', 0, 'c'])];
    expect(new SpanIndex(spans).rangesFor(['m', 0], 2)).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
  });
});

describe('focusRanges', () => {
  it('highlights a field that produced text', () => {
    const { text, spans } = sample();
    const result = focusRanges(new SpanIndex(spans), ['messages', 0, 'content']);
    expect(result.ranges.map((r) => text.slice(r.start, r.end))).toEqual(['Weather?']);
  });

  it('falls back to the message for a field without text of its own, with its special tokens', () => {
    const { text, spans } = sample();
    const result = focusRanges(new SpanIndex(spans), ['messages', 2, 'role']);
    expect(result.path).toEqual(['messages', 2]);
    expect(result.ranges.map((r) => text.slice(r.start, r.end)).join('')).toContain('<|user_start|>Thanks<|user_end|>');
  });

  it('never widens a list item to the whole list', () => {
    const { spans } = sample();
    expect(focusRanges(new SpanIndex(spans), ['messages', 9, 'content'])).toEqual({ path: ['messages', 9, 'content'], ranges: [] });
    expect(focusRanges(new SpanIndex(spans), ['tools']).ranges).toEqual([]);
  });
});

describe('clickedOffset', () => {
  it('takes the character after the caret when the pointer is right of it, else the one before', () => {
    expect(clickedOffset(5, true, 10)).toBe(5);
    expect(clickedOffset(5, false, 10)).toBe(4);
  });

  it('stays inside the text', () => {
    expect(clickedOffset(0, false, 10)).toBe(0);
    expect(clickedOffset(10, true, 10)).toBe(9);
  });
});
