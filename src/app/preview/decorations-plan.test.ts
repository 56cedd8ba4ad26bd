import { describe, expect, it } from 'vitest';
import { apertusFormat, blocksMessage, conversation, documentFile, documentRecord, fimPart, openChatMlFormat, partsMessage, response, textMessage, textPart, thoughts, type Span } from '../../core/index.ts';
import { decorationWindow, planDecorations, windowCovers } from './decorations-plan.ts';
import { SpanIndex } from './span-index.ts';

const off = { shadeTrainable: false, showWhitespace: false };

function sample() {
  const record = conversation([textMessage('user', 'Hi\nthere'), blocksMessage([thoughts('Think.'), response('Hello!\nBye.')])]);
  return apertusFormat.render(record, { date: '2025-01-01' });
}

describe('planDecorations', () => {
  it('marks exactly the special spans, including option-defined ones such as the BOS', () => {
    const { text, spans } = sample();
    const planned = planDecorations(new SpanIndex(spans), text, { start: 0, end: text.length }, off);
    const specials = spans.filter((s) => s.kind === 'special');
    expect(planned.map((d) => text.slice(d.start, d.end))).toEqual(specials.map((s) => text.slice(s.start, s.end)));
    // Without a system message Apertus writes the BOS and the default prompt's start as one span.
    expect(planned.map((d) => text.slice(d.start, d.end))[0]).toBe('<s><|system_start|>');
    expect(planned.every((d) => d.kind === 'special')).toBe(true);
  });

  it('shades each run of trainable text once, whatever its kinds', () => {
    const { text, spans } = sample();
    const planned = planDecorations(new SpanIndex(spans), text, { start: 0, end: text.length }, { ...off, shadeTrainable: true });
    const runs = planned.filter((d) => d.kind === 'trainable').map((d) => text.slice(d.start, d.end));
    // The assistant's output, from the inner prefix to the end of the response, is one run.
    expect(runs).toEqual(['<|inner_prefix|>Think.<|inner_suffix|>Hello!\nBye.']);
  });

  it('puts a line-break marker on every line break when whitespace is shown', () => {
    const { text, spans } = sample();
    const planned = planDecorations(new SpanIndex(spans), text, { start: 0, end: text.length }, { ...off, showWhitespace: true });
    const breaks = planned.filter((d) => d.kind === 'line-break');
    expect(breaks.map((d) => d.start)).toEqual([...text].flatMap((c, i) => (c === '\n' ? [i] : [])));
    expect(breaks.every((d) => d.end === d.start)).toBe(true);
  });

  it('decorates only the window, with trainable runs clipped to it', () => {
    const spans: Span[] = [
      { start: 0, end: 100, kind: 'content', path: ['a'], trainable: true },
      { start: 100, end: 105, kind: 'special', path: ['b'], trainable: true },
      { start: 105, end: 300, kind: 'content', path: ['c'], trainable: false },
      { start: 300, end: 305, kind: 'special', path: ['d'], trainable: false },
    ];
    const text = 'x'.repeat(305);
    const planned = planDecorations(new SpanIndex(spans), text, { start: 50, end: 200 }, { ...off, shadeTrainable: true });
    // One trainable run across the two trainable spans (content, then special), clipped at 50.
    expect(planned).toEqual([
      { start: 50, end: 105, kind: 'trainable' },
      { start: 100, end: 105, kind: 'special' },
    ]);
    const clipped = planDecorations(new SpanIndex(spans), text, { start: 10, end: 60 }, { ...off, shadeTrainable: true });
    expect(clipped).toEqual([{ start: 10, end: 60, kind: 'trainable' }]);
  });

  it('stops at the maximum number of decorations', () => {
    const spans: Span[] = Array.from({ length: 100 }, (_, i) => ({ start: i, end: i + 1, kind: 'special', path: [], trainable: false }));
    expect(planDecorations(new SpanIndex(spans), 'x'.repeat(100), { start: 0, end: 100 }, off, 10)).toHaveLength(10);
  });
});

describe('FIM middles', () => {
  const fim = () => documentRecord([documentFile([textPart('# intro\n'), fimPart('def f():\n    ', 'return 1', '\n')]), documentFile([fimPart('a', '', 'b')])]);
  const middles = (text: string, planned: readonly { start: number; end: number; kind: string }[]) => planned.filter((d) => d.kind === 'fim-middle').map((d) => text.slice(d.start, d.end));

  it('marks each non-empty middle, not its token, with shading off, in every FIM order', () => {
    for (const fimOrder of ['spec', 'psm', 'spm'] as const) {
      const { text, spans } = openChatMlFormat.render(fim(), { fimOrder });
      const planned = planDecorations(new SpanIndex(spans), text, { start: 0, end: text.length }, off);
      expect(middles(text, planned), fimOrder).toEqual(['return 1']);
    }
  });

  it('marks a middle inside a message too, and only middles (prefix and suffix are not marked)', () => {
    const record = conversation([partsMessage('user', [fimPart('The capital of France is ', 'Paris', ', famous.')])]);
    const { text, spans } = openChatMlFormat.render(record);
    const planned = planDecorations(new SpanIndex(spans), text, { start: 0, end: text.length }, off);
    expect(middles(text, planned)).toEqual(['Paris']);
    expect(planned.filter((d) => d.kind === 'special').map((d) => text.slice(d.start, d.end))).toContain('<|fim_middle|>');
  });

  it('clips a middle to the window', () => {
    const spans: Span[] = [
      { start: 0, end: 10, kind: 'content', path: ['files', 0, 'parts', 0, 'prefix'], trainable: false },
      { start: 10, end: 100, kind: 'content', path: ['files', 0, 'parts', 0, 'middle'], trainable: true },
    ];
    expect(planDecorations(new SpanIndex(spans), 'x'.repeat(100), { start: 50, end: 60 }, off)).toEqual([{ start: 50, end: 60, kind: 'fim-middle' }]);
  });
});

describe('decoration window', () => {
  it('extends the visible range by a margin, within the text', () => {
    expect(decorationWindow(500, 900, 10_000, 100)).toEqual({ start: 400, end: 1000 });
    expect(decorationWindow(50, 900, 950, 100)).toEqual({ start: 0, end: 950 });
  });

  it('is recomputed only when the visible range nears its edge', () => {
    const decorated = decorationWindow(1000, 2000, 100_000, 400);
    expect(windowCovers(decorated, 1000, 2000, 100_000, 400)).toBe(true);
    expect(windowCovers(decorated, 1150, 2150, 100_000, 400)).toBe(true);
    expect(windowCovers(decorated, 1300, 2300, 100_000, 400)).toBe(false);
    expect(windowCovers(decorated, 700, 1700, 100_000, 400)).toBe(false);
    // At the ends of the text there is no more to decorate.
    expect(windowCovers(decorationWindow(0, 500, 600, 400), 0, 600, 600, 400)).toBe(true);
  });
});
