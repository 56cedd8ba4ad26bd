import { describe, expect, it } from 'vitest';
import { chooseDialect } from '../interchange/choose-dialect.ts';
import type { ParleyRecord } from '../model/types.ts';
import { emptyFields } from './empty-fields.ts';
import { summarizeRecord } from './record-summary.ts';

function read(json: unknown): ParleyRecord {
  const record = chooseDialect(json, {})?.decoded.record;
  if (!record) throw new Error('not a record');
  return record;
}

const call = (name: string, args: string): unknown => ({ id: 'c1', type: 'function', function: { name, arguments: args } });

describe('emptyFields', () => {
  it('none in a record with text everywhere', () => {
    expect(emptyFields(read({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] }))).toEqual([]);
  });

  it('an assistant message with no text, no call and no thoughts (white space is no text)', () => {
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: '' }] }))).toEqual(['assistant']);
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: ' \n' }] }))).toEqual(['assistant']);
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: null }] }))).toEqual(['assistant']);
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant' }] }))).toEqual(['assistant']);
    // A call alone is not empty; nor are thoughts alone (Anthropic thinking).
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: null, tool_calls: [call('f', '{"a":1}')] }, { role: 'tool', tool_call_id: 'c1', content: 'ok' }] }))).toEqual([]);
    expect(emptyFields(read({ max_tokens: 5, messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hm.', signature: 's' }] }] }))).toEqual([]);
  });

  it('empty system and user messages, empty arguments ("" or {}), an empty tool result', () => {
    const record = read({
      messages: [
        { role: 'system', content: '' },
        { role: 'user', content: [{ type: 'text', text: '  ' }] },
        { role: 'assistant', content: null, tool_calls: [call('f', ''), call('g', ' { } ')] },
        { role: 'tool', tool_call_id: 'c1', content: '' },
      ],
    });
    expect(emptyFields(record)).toEqual(['user', 'system', 'arguments', 'result']);
    expect(emptyFields(read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: null, tool_calls: [call('f', '{"a": 1}')] }] }))).toEqual([]);
  });

  it('an image is content: a user message with only an image is not empty', () => {
    expect(emptyFields(read({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }, { role: 'assistant', content: 'A cat.' }] }))).toEqual([]);
  });

  it('is in the record’s summary, for the list’s filter', () => {
    // Other roles are not counted, whatever their name.
    const record = read({ messages: [{ role: 'user', content: 'Hi' }, { role: 'constructor', content: '' }, { role: 'assistant', content: '' }] });
    expect(summarizeRecord(record, 'openai-chat', []).empty).toEqual(['assistant']);
  });
});
