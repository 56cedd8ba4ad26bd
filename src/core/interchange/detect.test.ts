import { describe, expect, it } from 'vitest';
import { detectCodec } from './registry.ts';

// One typical document per dialect; `detectCodec` must pick its dialect.
const SAMPLES: [string, unknown][] = [
  ['openai-chat', { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }] }],
  ['openai-chat', { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] }],
  ['openai-chat', [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }]],
  ['openai-responses', { model: 'gpt-4.1', input: 'hi' }],
  ['openai-responses', { input: [{ role: 'user', content: 'hi' }, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }] }],
  ['anthropic', { model: 'claude-sonnet-4-5', max_tokens: 10, system: 'x', messages: [{ role: 'user', content: 'hi' }] }],
  ['anthropic', { messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }] }],
  ['chat-completion', [{ role: 'user', contents: [{ type: 'text', text: 'hi' }] }]],
  ['sharegpt', { conversations: [{ from: 'human', value: 'hi' }] }],
  ['apertus-json', { messages: [{ role: 'assistant', content: { blocks: [{ type: 'response', text: 'hi' }] } }] }],
  // Plain Apertus JSON (spec 000): string contents, flat tools, a tool message and legacy
  // `tool_calls` look like OpenAI message by message; the flat tools tell them apart.
  ['apertus-json', { messages: [{ role: 'user', content: 'Weather?' }, { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'w', arguments: '{}' } }] }, { role: 'tool', content: '21' }], tools: [{ name: 'w', description: 'Weather.', parameters: { type: 'object', properties: {} } }] }],
  ['apertus-json', { messages: [{ role: 'user', content: 'hi' }, { role: 'tool', content: '1' }], tools: [{ name: 'f', parameters: {} }] }],
  ['openai-chat', { messages: [{ role: 'user', content: 'Weather?' }, { role: 'tool', tool_call_id: 'c', content: '21' }], tools: [{ type: 'function', function: { name: 'w', parameters: {} } }] }],
  ['openai-chat', { messages: [{ role: 'user', content: 'Weather?' }], tools: [{ type: 'function', function: { name: 'w', description: 'Weather.', parameters: {} } }] }],
  ['anthropic', { messages: [{ role: 'user', content: 'Weather?' }], tools: [{ name: 'w', description: 'Weather.', input_schema: { type: 'object' } }] }],
];

describe('dialect detection', () => {
  it.each(SAMPLES)('picks %s', (id, json) => {
    expect(detectCodec(json)?.id).toBe(id);
  });

  it('picks nothing for JSON that is no chat', () => {
    expect(detectCodec({ hello: 'world' })).toBeUndefined();
    expect(detectCodec(42)).toBeUndefined();
  });
});
