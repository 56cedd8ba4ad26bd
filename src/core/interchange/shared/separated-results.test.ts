import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../model/types.ts';
import { anthropicCodec } from '../anthropic/index.ts';
import { ENCODE_CODES as ANTHROPIC_CODES } from '../anthropic/encode.ts';
import { openAiChatCodec } from '../openai-chat/index.ts';
import { ENCODE_CODES as CHAT_CODES } from '../openai-chat/encode-messages.ts';

// litellm's Codex case: a user message between a call and its result. Both APIs refuse it.
const codex = {
  messages: [
    { role: 'user', content: 'List the files.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'shell', arguments: '{"cmd": "ls"}' } }] },
    { role: 'user', content: 'Only the text files.' },
    { role: 'tool', tool_call_id: 'call_1', content: 'a.txt' },
  ],
};
const record = () => openAiChatCodec.decode(codex).record as Conversation;

describe('converting a record whose result is separated from its call', () => {
  it('to Anthropic says the API refuses it, at the result', () => {
    const found = anthropicCodec.encode(record()).diagnostics.filter((d) => d.code === ANTHROPIC_CODES.separatedResult);
    expect(found.map((d) => [d.severity, d.path])).toEqual([['warning', ['messages', 3, 'toolCallId']]]);
    expect(found[0]?.message).toContain('Anthropic');
  });

  it('to OpenAI Chat says the API refuses it, at the result', () => {
    const found = openAiChatCodec.encode(record()).diagnostics.filter((d) => d.code === CHAT_CODES.separatedResult);
    expect(found.map((d) => [d.severity, d.path])).toEqual([['warning', ['messages', 3, 'toolCallId']]]);
  });

  it('says nothing when the result follows its call', () => {
    const next = structuredClone(codex);
    next.messages = [next.messages[0], next.messages[1], next.messages[3], next.messages[2]] as typeof codex.messages;
    const conversation = openAiChatCodec.decode(next).record as Conversation;
    expect(anthropicCodec.encode(conversation).diagnostics.filter((d) => d.code === ANTHROPIC_CODES.separatedResult)).toEqual([]);
    expect(openAiChatCodec.encode(conversation).diagnostics.filter((d) => d.code === CHAT_CODES.separatedResult)).toEqual([]);
  });
});
