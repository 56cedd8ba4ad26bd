import { describe, expect, it } from 'vitest';
import { apertusFormat, blocksMessage, conversation, response, textMessage, type Span } from '../../../core/index.ts';
import { hoverAt, inlineCode, specialPieceAt, tokenStringAt } from './hover-text.ts';

const tokens = apertusFormat.specialTokens;

function render(messages = [textMessage('user', 'Say <|assistant_start|> now'), blocksMessage([response('Done.')])]) {
  return apertusFormat.render(conversation(messages), { date: '2025-01-01' });
}

function spanAt(spans: readonly Span[], offset: number): Span {
  return spans.find((s) => s.start <= offset && offset < s.end)!;
}

describe('hoverAt', () => {
  it('explains a special token with the format’s doc and where it comes from', () => {
    const { text, spans } = render();
    const offset = text.lastIndexOf('<|assistant_start|>') + 3;
    const info = hoverAt(text, spanAt(spans, offset), offset, tokens);
    expect(text.slice(info.start, info.end)).toBe('<|assistant_start|>');
    expect(info.contents[0]).toBe('**Special token** `<|assistant_start|>`');
    expect(info.contents[1]).toBe(tokens.find((t) => t.token === '<|assistant_start|>')!.doc);
    expect(info.contents[2]).toContain('`messages[1]`');
  });

  it('splits a special span that holds several tokens, and names option-defined text', () => {
    const { text, spans } = render();
    // No system message: the BOS and the default prompt's start share one span.
    const first = spanAt(spans, 0);
    expect(text.slice(first.start, first.end)).toBe('<s><|system_start|>');
    const bos = hoverAt(text, first, 1, tokens);
    expect(text.slice(bos.start, bos.end)).toBe('<s>');
    expect(bos.contents[1]).toMatch(/format options/);
    expect(bos.contents[2]).toContain('added by the format');
    const start = hoverAt(text, first, 5, tokens);
    expect(text.slice(start.start, start.end)).toBe('<|system_start|>');
  });

  it('warns when content spells a special token', () => {
    const { text, spans } = render();
    const offset = text.indexOf('<|assistant_start|> now') + 2;
    const span = spanAt(spans, offset);
    expect(span.kind).toBe('content');
    const info = hoverAt(text, span, offset, tokens);
    expect(text.slice(info.start, info.end)).toBe('<|assistant_start|>');
    expect(info.contents.join('\n')).toMatch(/token injection/);
  });

  it('names the field of content and whether it is trained on', () => {
    const { text, spans } = render();
    const offset = text.indexOf('Done.');
    const info = hoverAt(text, spanAt(spans, offset), offset, tokens);
    expect(info.contents[0]).toBe('**Content** from `messages[1].content.blocks[0].text`');
    expect(info.contents[1]).toMatch(/^trained on/);
    expect(info.contents[1]).toMatch(/click to edit/);
  });
});

describe('helpers', () => {
  it('finds a token string around an offset', () => {
    const text = 'ab<|user_end|>cd';
    expect(tokenStringAt(text, 2, tokens)?.start).toBe(2);
    expect(tokenStringAt(text, 13, tokens)?.token.token).toBe('<|user_end|>');
    expect(tokenStringAt(text, 14, tokens)).toBeUndefined();
    expect(tokenStringAt(text, 1, tokens)).toBeUndefined();
  });

  it('pieces a special span into tokens and gaps', () => {
    const text = 'XY<|user_start|>';
    const span: Span = { start: 0, end: text.length, kind: 'special', path: [], trainable: false };
    expect(specialPieceAt(text, span, 0, tokens)).toEqual({ start: 0, end: 2, token: undefined });
    expect(specialPieceAt(text, span, 2, tokens).token?.token).toBe('<|user_start|>');
  });

  it('writes inline code that survives backticks and line breaks', () => {
    expect(inlineCode('a`b')).toBe('``a`b``');
    expect(inlineCode('`x')).toBe('`` `x ``');
    expect(inlineCode('a\nb')).toBe('`a↵b`');
  });
});
