import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../model/types.ts';
import { newId } from '../../model/ids.ts';
import { openAiChatCodec } from './index.ts';

// Issue 22 item 4: a round trip keeps the absence of `type` on a tool call (data written by
// hand or by other tools often leaves it out; adding it changes the document for nothing).
const withoutType = {
  messages: [
    { role: 'user', content: 'List the files.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', function: { name: 'ls', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'call_a', content: 'a.txt' },
  ],
};

function toolCallsOf(json: unknown): Record<string, unknown>[] {
  const messages = (json as { messages: { tool_calls?: Record<string, unknown>[] }[] }).messages;
  return messages.flatMap((message) => message.tool_calls ?? []);
}

describe('OpenAI Chat: the type of a tool call', () => {
  it('is left out again when the source left it out', () => {
    const decoded = openAiChatCodec.decode(withoutType);
    expect(decoded.diagnostics).toEqual([]);
    const encoded = openAiChatCodec.encode(decoded.record as Conversation);
    expect(encoded.json).toEqual(withoutType);
  });

  it('is written back when the source had it', () => {
    const doc = structuredClone(withoutType);
    (doc.messages[1]?.tool_calls?.[0] as Record<string, unknown>).type = 'function';
    const encoded = openAiChatCodec.encode(openAiChatCodec.decode(doc).record as Conversation);
    expect(toolCallsOf(encoded.json)[0]?.type).toBe('function');
  });

  it('is "function" on a call made in the model (the API requires it)', () => {
    const record: Conversation = {
      kind: 'chat',
      tools: [],
      messages: [
        { id: newId('m'), role: 'user', content: { type: 'text', text: 'hi' } },
        { id: newId('m'), role: 'assistant', toolCalls: [{ id: newId('c'), callId: 'call_a', name: 'ls', arguments: '{}' }] },
      ],
    };
    expect(toolCallsOf(openAiChatCodec.encode(record).json)[0]?.type).toBe('function');
  });
});
