import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../model/types.ts';
import { openAiChatCodec } from '../openai-chat/index.ts';
import { anthropicCodec } from './index.ts';
import { ENCODE_CODES } from './encode.ts';

// Issue 22 item 4: what the Anthropic encoder does so that the API accepts its output.
// Kimi-style call ids (`functions.Bash:0`) and empty arguments come from real OpenAI-style data.
function toAnthropic(openAi: unknown) {
  const decoded = openAiChatCodec.decode(openAi);
  expect(decoded.diagnostics).toEqual([]);
  return anthropicCodec.encode(decoded.record as Conversation);
}

type Block = Record<string, unknown>;
function blocksOf(json: unknown): Block[] {
  const messages = (json as { messages: { content: unknown }[] }).messages;
  return messages.flatMap((message) => (Array.isArray(message.content) ? (message.content as Block[]) : []));
}

const call = (id: string, args = '{"command": "ls"}') => ({ id, type: 'function', function: { name: 'Bash', arguments: args } });

describe('Anthropic: call ids that do not fit tool_use.id', () => {
  const doc = {
    messages: [
      { role: 'user', content: 'List, then count.' },
      { role: 'assistant', content: null, tool_calls: [call('functions.Bash:0'), call('functions.Bash:1')] },
      { role: 'tool', tool_call_id: 'functions.Bash:0', content: 'a.txt' },
      { role: 'tool', tool_call_id: 'functions.Bash:1', content: '1' },
    ],
  };

  it('are mapped to ids that match ^[a-zA-Z0-9_-]+$, the call and its result alike', () => {
    const blocks = blocksOf(toAnthropic(doc).json);
    const uses = blocks.filter((block) => block.type === 'tool_use').map((block) => block.id);
    const results = blocks.filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id);
    expect(uses).toEqual(['functions_Bash_0', 'functions_Bash_1']);
    expect(results).toEqual(uses);
  });

  it('report the mapping once per id, at the call', () => {
    const notes = toAnthropic(doc).diagnostics.filter((d) => d.code === ENCODE_CODES.idMapped);
    expect(notes.map((d) => [d.path, d.severity])).toEqual([
      [['messages', 1, 'toolCalls', 0, 'callId'], 'warning'],
      [['messages', 1, 'toolCalls', 1, 'callId'], 'warning'],
    ]);
    expect(notes[0]?.message).toContain('"functions.Bash:0"');
    expect(notes[0]?.message).toContain('"functions_Bash_0"');
  });

  it('never map two ids to one, nor onto an id the record uses', () => {
    const clash = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [call('a.b'), call('a:b'), call('a_b')] },
        { role: 'tool', tool_call_id: 'a:b', content: '2' },
        { role: 'tool', tool_call_id: 'a.b', content: '1' },
        { role: 'tool', tool_call_id: 'a_b', content: '3' },
      ],
    };
    const blocks = blocksOf(toAnthropic(clash).json);
    const uses = blocks.filter((block) => block.type === 'tool_use').map((block) => block.id);
    expect(uses).toEqual(['a_b_2', 'a_b_3', 'a_b']);
    expect(blocks.filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id)).toEqual(['a_b_3', 'a_b_2', 'a_b']);
  });

  it('leave ids that fit as they are, without a note', () => {
    const fits = { messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: null, tool_calls: [call('toolu_01-A')] }, { role: 'tool', tool_call_id: 'toolu_01-A', content: 'x' }] };
    const encoded = toAnthropic(fits);
    expect(blocksOf(encoded.json).find((block) => block.type === 'tool_use')?.id).toBe('toolu_01-A');
    expect(encoded.diagnostics.filter((d) => d.code === ENCODE_CODES.idMapped)).toEqual([]);
  });
});

describe('Anthropic: empty arguments', () => {
  it('are written as input {} (the API refuses a string), with a note', () => {
    const doc = { messages: [{ role: 'user', content: 'time?' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'now', arguments: '' } }] }] };
    const encoded = toAnthropic(doc);
    expect(blocksOf(encoded.json).find((block) => block.type === 'tool_use')?.input).toEqual({});
    const notes = encoded.diagnostics.filter((d) => d.code === ENCODE_CODES.emptyArguments);
    expect(notes.map((d) => [d.path, d.severity])).toEqual([[['messages', 1, 'toolCalls', 0, 'arguments'], 'info']]);
    expect(encoded.diagnostics.filter((d) => d.code === ENCODE_CODES.inputNotObject)).toEqual([]);
  });
});
