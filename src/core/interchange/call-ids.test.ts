/**
 * Calls and results without ids (ShareGPT, Apertus, RWKV without id="…") written to dialects
 * that require ids: OpenAI Chat Completions (`tool_calls[].id`, `tool_call_id`), Anthropic
 * (`tool_use.id`, `tool_use_id`), Responses (`call_id`). Ids are made up in order, results are
 * paired with the calls of their turn in order, and each made-up id is an info at its field.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/types.ts';
import { anthropicCodec } from './anthropic/index.ts';
import { openAiChatCodec } from './openai-chat/index.ts';
import { openAiResponsesCodec } from './openai-responses/index.ts';
import { GENERATED_CALL_ID } from './shared/call-id-plan.ts';
import { shareGptCodec } from './sharegpt/index.ts';

// LLaMA-Factory's ShareGPT tool use: a function_call turn with two calls, then two observations.
const SHAREGPT = {
  conversations: [
    { from: 'human', value: 'Weather in Bern and Rome?' },
    { from: 'function_call', value: '[{"name": "get_weather", "arguments": {"city": "Bern"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]' },
    { from: 'observation', value: '12' },
    { from: 'observation', value: '20' },
    { from: 'gpt', value: 'Bern 12, Rome 20.' },
  ],
};

function record(doc: unknown = SHAREGPT): Conversation {
  return shareGptCodec.decode(doc).record as Conversation;
}

const generated = (diagnostics: { severity: string; code: string; path?: readonly (string | number)[] }[]) =>
  diagnostics.filter((d) => d.code === GENERATED_CALL_ID).map((d) => [d.severity, d.path]);

const EXPECTED_INFOS = [
  ['info', ['messages', 1, 'toolCalls', 0, 'callId']],
  ['info', ['messages', 1, 'toolCalls', 1, 'callId']],
  ['info', ['messages', 2, 'toolCallId']],
  ['info', ['messages', 3, 'toolCallId']],
];

describe('made-up call ids', () => {
  it('OpenAI Chat Completions: tool_calls get ids and tool messages the id of their call, in order', () => {
    const { json, diagnostics } = openAiChatCodec.encode(record());
    expect(json).toEqual({
      messages: [
        { role: 'user', content: 'Weather in Bern and Rome?' },
        {
          role: 'assistant',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } },
            { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Rome"}' } },
          ],
        },
        { role: 'tool', content: '12', tool_call_id: 'call_1' },
        { role: 'tool', content: '20', tool_call_id: 'call_2' },
        { role: 'assistant', content: 'Bern 12, Rome 20.' },
      ],
    });
    expect(generated(diagnostics)).toEqual(EXPECTED_INFOS);
    expect(diagnostics.find((d) => d.code === GENERATED_CALL_ID)?.message).toBe('messages[1].toolCalls[0].callId: the call has no id and OpenAI Chat Completions requires one; written as "call_1" (results are paired with calls in order).');
  });

  it('Anthropic: tool_use.id and tool_use_id', () => {
    const { json, diagnostics } = anthropicCodec.encode(record());
    expect(json).toEqual({
      messages: [
        { role: 'user', content: 'Weather in Bern and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Bern' } },
            { type: 'tool_use', id: 'call_2', name: 'get_weather', input: { city: 'Rome' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '12' }, { type: 'tool_result', tool_use_id: 'call_2', content: '20' }] },
        { role: 'assistant', content: 'Bern 12, Rome 20.' },
      ],
    });
    expect(generated(diagnostics)).toEqual(EXPECTED_INFOS);
    expect(diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
  });

  it('OpenAI Responses: call_id on function_call and function_call_output', () => {
    const { json, diagnostics } = openAiResponsesCodec.encode(record());
    expect(json).toEqual({
      input: [
        { role: 'user', content: 'Weather in Bern and Rome?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city": "Bern"}' },
        { type: 'function_call', call_id: 'call_2', name: 'get_weather', arguments: '{"city": "Rome"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '12' },
        { type: 'function_call_output', call_id: 'call_2', output: '20' },
        { role: 'assistant', content: 'Bern 12, Rome 20.' },
      ],
    });
    expect(generated(diagnostics)).toEqual(EXPECTED_INFOS);
  });

  it('keeps the ids the source had and makes up none that it uses', () => {
    const source = record();
    const [first, second] = source.messages[1]?.toolCalls ?? [];
    if (!first || !second) throw new Error('two calls expected');
    second.callId = 'call_1'; // the second call has an id; the first gets the next free one
    const out = openAiChatCodec.encode(source).json as { messages: { tool_calls?: { id: string }[]; tool_call_id?: string }[] };
    expect(out.messages[1]?.tool_calls?.map((c) => c.id)).toEqual(['call_2', 'call_1']);
    expect(out.messages.slice(2, 4).map((m) => m.tool_call_id)).toEqual(['call_2', 'call_1']);
  });

  it('does not pair across turns: a result after the next user message is left without an id (warned)', () => {
    const doc = { conversations: [{ from: 'function_call', value: '{"name": "f", "arguments": {}}' }, { from: 'human', value: 'and?' }, { from: 'observation', value: 'late' }] };
    const { json, diagnostics } = openAiChatCodec.encode(record(doc));
    expect((json as { messages: unknown[] }).messages[2]).toEqual({ role: 'tool', content: 'late' });
    expect(diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.code, d.path])).toEqual([['openai-chat/missing-call-id', ['messages', 2, 'toolCallId']]]);
  });

  it('writes an OpenAI Chat document whose calls had no ids back as it was', () => {
    const doc = { messages: [{ role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', content: 'r' }] };
    const decoded = openAiChatCodec.decode(doc);
    expect(openAiChatCodec.encode(decoded.record as Conversation)).toEqual({ json: doc, diagnostics: [] });
  });
});
