/** The mask rules on a real render (Apertus, whose spans name the blocks they come from). */
import { describe, expect, it } from 'vitest';
import { apertusFormat } from '../formats/apertus/index.ts';
import type { Span } from '../formats/types.ts';
import { blocksMessage, conversation, documentFile, documentRecord, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../model/builders.ts';
import { lastTurn, spanTrainable } from './mask.ts';
import type { MaskOptions } from './types.ts';

const record = conversation([
  textMessage('user', 'What is 2+2?'),
  blocksMessage([thoughts('Add them.'), response('Four.')]),
  textMessage('user', 'Weather in Bern?'),
  blocksMessage([thoughts('Call the tool.'), toolCalls([toolCall('weather', '{"city":"Bern"}')]), toolOutputs([toolOutput('{"t":3}')]), response('Three degrees.')]),
]);
const rendered = apertusFormat.render(record);

/** The text of the trained spans, joined by `|` between runs. */
function trainedText(options: MaskOptions): string {
  const flags = spanTrainable(record, rendered.spans, options);
  let out = '';
  let previous = false;
  rendered.spans.forEach((span: Span, k) => {
    if (flags[k]) out += (previous || out === '' ? '' : '|') + rendered.text.slice(span.start, span.end);
    previous = flags[k] === true;
  });
  return out;
}

describe('spanTrainable', () => {
  it('with no options keeps the format\'s flags', () => {
    expect(spanTrainable(record, rendered.spans, {})).toEqual(rendered.spans.map((s) => s.trainable));
  });

  it('turns: last trains the last assistant turn only', () => {
    const text = trainedText({ turns: 'last' });
    expect(text).not.toContain('Four.');
    expect(text).toContain('Three degrees.');
    expect(text).toContain('Call the tool.');
    expect(trainedText({ turns: 'all' })).toContain('Four.');
  });

  it('thoughts: false drops the thought blocks, and their opening token, only', () => {
    const text = trainedText({ thoughts: false });
    expect(text).not.toContain('Add them.');
    expect(text).not.toContain('Call the tool.');
    expect(text).not.toContain('<|inner_prefix|>');
    expect(text).toContain('Four.');
    expect(text).toContain('weather');
  });

  it('toolCalls: false drops the calls with their special tokens', () => {
    const text = trainedText({ toolCalls: false });
    expect(text).not.toContain('weather');
    expect(text).not.toContain('<|tools_prefix|>');
    expect(text).toContain('Call the tool.');
    expect(text).toContain('Three degrees.');
  });

  it('per message: off removes an assistant message, on trains a user message whole', () => {
    expect(trainedText({ messages: { 1: false } })).not.toContain('Four.');
    const on = trainedText({ turns: 'last', messages: { 0: true, 1: true } });
    expect(on).toContain('<|user_start|>What is 2+2?<|user_end|>');
    expect(on).toContain('Four.');
    // The format's own choice inside an assistant message stands: its start token is not a target.
    expect(on).not.toContain('<|assistant_start|>');
  });

  it('never trains text of no message (the system prompt the format writes)', () => {
    expect(trainedText({ messages: { 0: true } })).not.toContain('Apertus');
  });

  it('a document record keeps the format\'s flags', () => {
    const doc = documentRecord([documentFile([textPart('abc')])]);
    const spans: Span[] = [{ start: 0, end: 3, kind: 'content', path: ['files', 0], trainable: true }];
    expect(spanTrainable(doc, spans, { turns: 'last', thoughts: false })).toEqual([true]);
  });
});

describe('lastTurn', () => {
  it('is the assistant messages after the last message of another role, tool answers included in the turn', () => {
    const turn = conversation([
      textMessage('user', 'a'),
      textMessage('assistant', 'b'),
      textMessage('user', 'c'),
      textMessage('assistant', 'd'),
      textMessage('tool', 'e'),
      textMessage('assistant', 'f'),
    ]);
    expect([...lastTurn(turn)].sort()).toEqual([3, 5]);
    expect(lastTurn(conversation([textMessage('user', 'a')])).size).toBe(0);
  });
});
