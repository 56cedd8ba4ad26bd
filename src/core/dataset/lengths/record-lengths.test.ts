import { describe, expect, it } from 'vitest';
import type { Format, RenderHow, Span } from '../../formats/types.ts';
import { conversation, textMessage } from '../../model/builders.ts';
import { loadTokenizer } from '../../tokens/load.ts';
import { asciiUnigram } from '../../tokens/test-tokenizers.ts';
import { countCharacters, measureRecord, messageCounts } from './record-lengths.ts';

/** One token per printable ASCII character (and the newline): counts can be read off the text. */
const ascii = loadTokenizer({ tokenizer: asciiUnigram() }, 'ascii');

/** A format that writes each message's text one after the other: the user's untrained, the assistant's trained. */
function concatFormat(seen: RenderHow[] = []): Format {
  const format: Pick<Format, 'render'> = {
    render(record, _options, how = {}) {
      seen.push(how);
      if (record.kind !== 'chat') return { text: '', spans: [], diagnostics: [] };
      let text = '';
      const spans: Span[] = [];
      record.messages.forEach((message, i) => {
        const body = message.content?.type === 'text' ? message.content.text : '';
        spans.push({ start: text.length, end: text.length + body.length, kind: 'content', path: ['messages', i], trainable: message.role === 'assistant' });
        text += body;
      });
      return { text, spans, diagnostics: [] };
    },
  };
  // Only `render` is used by measureRecord.
  return format as Format;
}

describe('countCharacters', () => {
  it('counts code points: an emoji (two UTF-16 units) is one character', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('héllo 😀\n')).toBe(8);
    expect('héllo 😀\n'.length).toBe(9);
    // A lone surrogate is still one character each.
    expect(countCharacters('\uDE00\uD83D')).toBe(2);
  });
});

describe('measureRecord', () => {
  const record = conversation([textMessage('system', 'be brief'), textMessage('user', 'hi'), textMessage('assistant', 'hello'), textMessage('user', 'ok?'), textMessage('assistant', 'yes')]);

  it('counts messages, user turns and the characters of the render, without spans when there is no tokenizer', () => {
    const seen: RenderHow[] = [];
    const measured = measureRecord(record, concatFormat(seen), undefined);
    // "be brief" 8 + "hi" 2 + "hello" 5 + "ok?" 3 + "yes" 3 = 21.
    expect(measured.lengths).toEqual({ chars: 21, messages: 5, turns: 2 });
    expect(seen).toEqual([{ spans: false }]);
  });

  it('counts the tokens and the trained tokens of the render with a tokenizer', () => {
    const measured = measureRecord(record, concatFormat(), undefined, { tokenizer: ascii });
    // One token per character; trained: the assistant's "hello" and "yes".
    expect(measured.lengths).toEqual({ chars: 21, messages: 5, turns: 2, tokens: 21, trained: 8 });
    expect(measured.tokens).toEqual({ tokens: 21, trained: 8 });
    // The mask's options apply: only the last assistant turn is trained.
    expect(measureRecord(record, concatFormat(), undefined, { tokenizer: ascii, mask: { turns: 'last' } }).lengths.trained).toBe(3);
  });

  it('keeps the other lengths and says why when the tokenizer cannot read the render', () => {
    const measured = measureRecord(conversation([textMessage('user', 'naïve')]), concatFormat(), undefined, { tokenizer: ascii });
    expect(measured.lengths).toEqual({ chars: 5, messages: 1, turns: 1 });
    expect(measured.tokenError).toMatch(/ï|no id|cannot/i);
  });
});

describe('messageCounts', () => {
  it('gives a document no messages', () => {
    expect(messageCounts({ kind: 'document', files: [] } as never)).toEqual({ messages: 0, turns: 0 });
  });
});
