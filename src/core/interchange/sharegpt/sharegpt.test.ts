import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { pythonJsonText } from '../shared/arguments.ts';
import { asJson, jsonObject, name, optional, schema, text, withUnknown } from '../shared/test-arbitraries.ts';
import { shareGptCodec } from './index.ts';

function roundTrip(doc: unknown) {
  const decoded = shareGptCodec.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const encoded = shareGptCodec.encode(decoded.record as Conversation);
  return { record: decoded.record as Conversation, json: encoded.json, diagnostics: encoded.diagnostics };
}

// Records as the ShareGPT writers document them (FastChat, LLaMA-Factory's data README, LLaVA, axolotl).
const DOCUMENTED: Record<string, unknown> = {
  'FastChat / Vicuna': {
    id: 'identity_0',
    conversations: [
      { from: 'human', value: 'Who are you?' },
      { from: 'gpt', value: 'I am Vicuna, a language model trained by researchers from Large Model Systems Organization (LMSYS).' },
    ],
  },
  'LLaMA-Factory function calling': {
    conversations: [
      { from: 'human', value: 'What is the weather in Paris?' },
      { from: 'function_call', value: '{"name": "get_weather", "arguments": {"location": "Paris"}}' },
      { from: 'observation', value: '{"temperature": 14, "condition": "cloudy"}' },
      { from: 'gpt', value: 'It is 14 degrees and cloudy in Paris.' },
    ],
    system: 'You are a helpful assistant.',
    tools: '[{"name": "get_weather", "description": "Get the weather of a city", "parameters": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}}]',
  },
  'LLaVA multimodal': {
    id: '000000033471',
    image: '000000033471.jpg',
    conversations: [
      { from: 'human', value: '<image>\nWhat are the colors of the bus in the image?' },
      { from: 'gpt', value: 'The bus in the image is white and red.' },
    ],
  },
  'axolotl with weights and roles': {
    conversations: [
      { from: 'system', value: 'Be terse.' },
      { from: 'user', value: 'Hi', weight: 0 },
      { from: 'assistant', value: 'Hello.', weight: 1 },
      { from: 'tool', value: 'ok' },
      { from: 'critic', value: 'fine' },
    ],
  },
  'several calls, compact JSON': {
    conversations: [
      { from: 'human', value: 'Both cities?' },
      { from: 'function_call', value: '[{"name":"w","arguments":{"c":"A"}},{"name":"w","arguments":{"c":"B"}}]' },
    ],
  },
};

describe('sharegpt: documented records', () => {
  it.each(Object.entries(DOCUMENTED))('%s decodes and encodes back unchanged', (_, doc) => {
    const { json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
  });

  it('maps turns to roles, function_call to calls, tools to definitions', () => {
    const { record } = roundTrip(DOCUMENTED['LLaMA-Factory function calling']);
    expect(record.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(record.messages[2]?.toolCalls?.[0]).toMatchObject({ name: 'get_weather', arguments: '{"location": "Paris"}' });
    expect(record.tools[0]).toMatchObject({ name: 'get_weather', description: 'Get the weather of a city' });
    expect(record.messages[4]?.content).toEqual({ type: 'text', text: 'It is 14 degrees and cloudy in Paris.' });
    const weights = roundTrip(DOCUMENTED['axolotl with weights and roles']).record.messages;
    expect(weights.map((m) => [m.role, m.extra])).toEqual([['system', undefined], ['user', { weight: 0 }], ['assistant', { weight: 1 }], ['tool', undefined], ['critic', undefined]]);
  });

  it('writes edited calls as Python-style JSON', () => {
    const { record } = roundTrip(DOCUMENTED['LLaMA-Factory function calling']);
    const call = record.messages[2]?.toolCalls?.[0];
    if (call) call.arguments = '{"location": "Bern"}';
    const turns = (shareGptCodec.encode(record).json as { conversations: { value: string }[] }).conversations;
    expect(turns[1]?.value).toBe('{"name": "get_weather", "arguments": {"location": "Bern"}}');
  });

  it('says what and where', () => {
    const result = shareGptCodec.decode({ conversations: [{ from: 'human', value: 3 }] });
    expect(result.diagnostics.map((d) => d.message)).toEqual(['conversations[0].value: expected a string, got number']);
    expect(shareGptCodec.encode(result.record as Conversation).json).toEqual({ conversations: [{ from: 'human', value: 3 }] });
    expect(shareGptCodec.decode({ conversations: [{ value: 'x' }] }).record).toBeUndefined();
    expect(shareGptCodec.detect(DOCUMENTED['FastChat / Vicuna'])).toBeGreaterThanOrEqual(0.9);
  });
});

// ---- property ----

const callJson = fc.record({ name, arguments: jsonObject });
const callValue = fc.oneof(
  callJson.map((c) => pythonJsonText(c)),
  callJson.map((c) => JSON.stringify(c)),
  fc.array(callJson, { minLength: 1, maxLength: 3 }).map((c) => JSON.stringify(c)),
  callJson.map((c) => JSON.stringify({ ...c, arguments: JSON.stringify(c.arguments) })),
);
const turn = fc.oneof(
  withUnknown(fc.record({ from: fc.constantFrom('human', 'gpt', 'system', 'observation', 'tool', 'user', 'assistant', 'bing'), value: text })),
  fc.record({ from: fc.constant('function_call'), value: fc.oneof(callValue, text) }),
);
const tools = fc.array(fc.tuple(name, optional('description', text), schema).map(([n, d, p]) => ({ name: n, ...d, parameters: p })), { maxLength: 2 });
const doc = fc
  .tuple(fc.array(turn, { maxLength: 6 }), optional('system', text), optional('tools', fc.oneof(tools.map((t) => pythonJsonText(t)), tools.map((t) => JSON.stringify(t)), tools)), optional('id', fc.string({ maxLength: 5 })))
  .map(([conversations, system, t, i]) => ({ ...i, conversations, ...system, ...t }));

describe('sharegpt: round trip', () => {
  it('encode(decode(doc)) equals doc', () => {
    fc.assert(
      fc.property(doc.map(asJson), (d) => {
        const decoded = shareGptCodec.decode(d);
        expect(decoded.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
        const encoded = shareGptCodec.encode(decoded.record as Conversation);
        expect(encoded.diagnostics).toEqual([]);
        expect(encoded.json).toEqual(d);
      }),
      { numRuns: 500 },
    );
  });
});
