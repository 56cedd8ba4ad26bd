import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { asJson, id, imageUrl, jsonObject, name, optional, schema, text, withUnknown } from '../shared/test-arbitraries.ts';
import { anthropicCodec } from '../anthropic/index.ts';
import { openAiChatCodec } from './index.ts';

function roundTrip(doc: unknown) {
  const decoded = openAiChatCodec.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const encoded = openAiChatCodec.encode(decoded.record as Conversation);
  return { record: decoded.record as Conversation, json: encoded.json, diagnostics: encoded.diagnostics };
}

// Request bodies as the OpenAI API reference and guides document them.
const DOCUMENTED: Record<string, unknown> = {
  'default (developer message)': {
    model: 'gpt-4.1',
    messages: [
      { role: 'developer', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Hello!' },
    ],
  },
  'image input': {
    model: 'gpt-4.1',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: "What's in this image?" },
          { type: 'image_url', image_url: { url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/d/dd/Gfp-wisconsin-madison-the-nature-boardwalk.jpg/2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg', detail: 'high' } },
        ],
      },
    ],
    max_tokens: 300,
  },
  functions: {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'What is the weather like in Boston today?' }],
    tools: [
      {
        type: 'function',
        function: {
          name: 'get_current_weather',
          description: 'Get the current weather in a given location',
          parameters: {
            type: 'object',
            properties: {
              location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
              unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            },
            required: ['location'],
          },
          strict: true,
        },
      },
    ],
    tool_choice: 'auto',
  },
  'function calling round trip': {
    model: 'gpt-4.1',
    messages: [
      { role: 'user', content: 'What is the weather like in Paris today?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_12345xyz', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris, France"}' } }],
        refusal: null,
      },
      { role: 'tool', tool_call_id: 'call_12345xyz', content: '14' },
    ],
  },
  'legacy function_call': {
    model: 'gpt-3.5-turbo-0613',
    messages: [
      { role: 'user', content: "What's the weather like in Boston?" },
      { role: 'assistant', content: null, function_call: { name: 'get_current_weather', arguments: '{\n  "location": "Boston, MA"\n}' } },
      { role: 'function', name: 'get_current_weather', content: '{"temperature": "22", "unit": "celsius", "description": "Sunny"}' },
    ],
    functions: [{ name: 'get_current_weather', description: 'Get the current weather in a given location', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } }],
  },
  'audio input and named participants': {
    model: 'gpt-4o-audio-preview',
    modalities: ['text', 'audio'],
    audio: { voice: 'alloy', format: 'wav' },
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }], name: 'ops' },
      { role: 'user', name: 'alice', content: [{ type: 'text', text: 'What is in this recording?' }, { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } }] },
      { role: 'assistant', content: 'A dog barking.', audio: { id: 'audio_abc123' } },
    ],
  },
};

describe('openai-chat: documented request shapes', () => {
  it.each(Object.entries(DOCUMENTED))('%s decodes and encodes back unchanged', (_, doc) => {
    const { json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
  });

  it('maps tool_calls to message.toolCalls with their ids, and tool messages to toolCallId', () => {
    const { record } = roundTrip(DOCUMENTED['function calling round trip']);
    const [, assistant, tool] = record.messages;
    expect(assistant?.content).toBeNull();
    expect(assistant?.toolCalls?.map((c) => [c.callId, c.name, c.arguments])).toEqual([['call_12345xyz', 'get_weather', '{"location":"Paris, France"}']]);
    expect(assistant?.extra).toEqual({ refusal: null });
    expect(tool).toMatchObject({ role: 'tool', toolCallId: 'call_12345xyz', content: { type: 'text', text: '14' } });
    expect(record.extra).toEqual({ model: 'gpt-4.1' });
  });

  it('keeps image detail and unknown part types', () => {
    const { record } = roundTrip(DOCUMENTED['image input']);
    const parts = record.messages[0]?.content;
    expect(parts?.type === 'parts' && parts.parts[1]).toMatchObject({ type: 'image', url: expect.stringContaining('wikimedia'), extra: { image_url: { detail: 'high' } } });
    const audio = roundTrip(DOCUMENTED['audio input and named participants']).record.messages[1];
    expect(audio?.name).toBe('alice');
    expect(audio?.content?.type === 'parts' && audio.content.parts[1]).toMatchObject({ type: 'value', value: { type: 'input_audio' } });
  });

  it('reads legacy function_call and functions', () => {
    const { record } = roundTrip(DOCUMENTED['legacy function_call']);
    expect(record.messages[1]?.toolCalls?.[0]).toMatchObject({ name: 'get_current_weather', arguments: '{\n  "location": "Boston, MA"\n}' });
    expect(record.messages[2]).toMatchObject({ role: 'function', name: 'get_current_weather' });
    expect(record.tools[0]).toMatchObject({ name: 'get_current_weather' });
    expect(record.tools[0]?.wrapped).toBeUndefined();
  });

  it('reads and writes a bare messages array', () => {
    const doc = [{ role: 'user', content: 'hi' }];
    expect(roundTrip(doc).json).toEqual(doc);
  });
});

describe('openai-chat: bad input', () => {
  it('says what and where', () => {
    const result = openAiChatCodec.decode({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 3, arguments: '{}' } }] }] });
    expect(result.diagnostics.map((d) => d.message)).toContain('messages[1].tool_calls[0].function.name: expected a string, got number');
    // The unreadable calls are kept raw and written back.
    expect(openAiChatCodec.encode(result.record as Conversation).json).toEqual({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 3, arguments: '{}' } }] }] });
  });

  it.each([
    [42, 'input: expected an object with a "messages" array, or an array of messages, got number'],
    [{ messages: [{ content: 'x' }] }, 'messages[0].role: missing; expected a string'],
    [{ messages: 'x' }, 'messages: expected an array, got string'],
  ])('refuses %j', (doc, message) => {
    const result = openAiChatCodec.decode(doc);
    expect(result.record).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message)).toContain(message);
  });

  it('detects its own shapes above plain chat', () => {
    expect(openAiChatCodec.detect(DOCUMENTED['function calling round trip'])).toBeGreaterThanOrEqual(0.9);
    expect(openAiChatCodec.detect({ messages: [{ role: 'user', content: 'hi' }] })).toBeCloseTo(0.55);
    expect(openAiChatCodec.detect({ conversations: [] })).toBe(0);
    expect(openAiChatCodec.detect({ messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x' }] }] })).toBeLessThan(0.5);
  });
});

// ---- property: decode then encode gives back the document ----

const call = withUnknown(fc.record({ id, type: fc.constant('function'), function: fc.record({ name, arguments: fc.oneof(jsonObject.map((o) => JSON.stringify(o)), text) }) }));
const part = fc.oneof(
  withUnknown(fc.record({ type: fc.constant('text'), text })),
  fc.record({ type: fc.constant('image_url'), image_url: fc.tuple(imageUrl, optional('detail', fc.constantFrom('low', 'high', 'auto'))).map(([url, d]) => ({ url, ...d })) }),
  fc.record({ type: fc.constant('input_audio'), input_audio: fc.record({ data: fc.constant('UklGRg=='), format: fc.constant('wav') }) }),
);
const content = fc.oneof(text, fc.array(part, { maxLength: 3 }));
const message = fc.oneof(
  withUnknown(fc.tuple(fc.constantFrom('system', 'developer', 'user'), content, optional('name', name)).map(([role, c, n]) => ({ role, content: c, ...n }))),
  withUnknown(
    fc.tuple(fc.oneof(text, fc.constant(null), fc.array(withUnknown(fc.record({ type: fc.constant('text'), text })), { maxLength: 2 })), optional('tool_calls', fc.array(call, { maxLength: 3 })), optional('function_call', fc.record({ name, arguments: text })), optional('refusal', fc.option(text, { nil: null })), optional('name', name)).map(
      ([c, calls, fnCall, refusal, n]) => ({ role: 'assistant', content: c, ...calls, ...fnCall, ...refusal, ...n }),
    ),
  ),
  withUnknown(fc.record({ role: fc.constant('tool'), tool_call_id: id, content: fc.oneof(text, fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 2 })) })),
  fc.record({ role: fc.constant('function'), name, content: text }),
);
const functionTool = withUnknown(fc.record({ type: fc.constant('function'), function: fc.tuple(name, optional('description', text), optional('parameters', schema), optional('strict', fc.boolean())).map(([n, d, p, s]) => ({ name: n, ...d, ...p, ...s })) }));
const document = fc.oneof(
  fc.array(message, { maxLength: 5 }),
  fc.tuple(fc.array(message, { maxLength: 6 }), optional('tools', fc.array(fc.oneof(functionTool, fc.constant({ type: 'web_search_preview' })), { maxLength: 2 })), optional('functions', fc.array(fc.record({ name, parameters: schema }), { maxLength: 2 })), optional('model', fc.constant('gpt-4.1')), optional('temperature', fc.double({ min: 0, max: 2, noNaN: true }))).map(
    ([messages, tools, functions, model, temperature]) => ({ ...model, messages, ...tools, ...functions, ...temperature }),
  ),
);

describe('openai-chat: round trip', () => {
  it('encode(decode(doc)) equals doc, with no diagnostics', () => {
    fc.assert(
      fc.property(document.map(asJson), (doc) => {
        const { json, diagnostics } = roundTrip(doc);
        expect(diagnostics).toEqual([]);
        expect(json).toEqual(doc);
      }),
      { numRuns: 500 },
    );
  });
});

describe('openai-chat: the legacy function_call on request (docs/formats.md, "RWKV: mappings to the JSON dialects"; spec 004 Chat table)', () => {
  const modern = {
    messages: [
      { role: 'user', content: 'Weather in Bern and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '12' },
      { role: 'tool', tool_call_id: 'call_2', content: '20' },
    ],
    tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
  };

  it('is described for the app and the CLI, off by default', () => {
    expect(openAiChatCodec.encodeOptions).toEqual([expect.objectContaining({ key: 'legacyFunctionCall', type: 'boolean', default: false, cliFlag: '--legacy-function-call' })]);
    const record = openAiChatCodec.decode(modern).record as Conversation;
    expect(openAiChatCodec.encode(record).json).toEqual(modern);
    expect(openAiChatCodec.encode(record, { legacyFunctionCall: false }).json).toEqual(modern);
  });

  it('writes function_call (one per assistant message), function messages named after their call, and functions', () => {
    const record = openAiChatCodec.decode(modern).record as Conversation;
    const { json, diagnostics } = openAiChatCodec.encode(record, { legacyFunctionCall: true });
    // The legacy API: `function_call: {name, arguments}` without id, `{role: "function", name, content}` results.
    expect(json).toEqual({
      messages: [
        { role: 'user', content: 'Weather in Bern and Rome?' },
        { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{"city": "Bern"}' } },
        { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{"city": "Rome"}' } },
        { role: 'function', name: 'get_weather', content: '12' },
        { role: 'function', name: 'get_weather', content: '20' },
      ],
      functions: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
    });
    expect(diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([
      ['warning', 'lost-in-conversion', ['messages', 1, 'toolCalls', 0, 'callId']],
      ['info', 'openai-chat/legacy-split', ['messages', 1, 'toolCalls', 1]],
      ['warning', 'lost-in-conversion', ['messages', 1, 'toolCalls', 1, 'callId']],
      ['warning', 'lost-in-conversion', ['messages', 2, 'toolCallId']],
      ['warning', 'lost-in-conversion', ['messages', 3, 'toolCallId']],
    ]);
  });
});

describe('openai-chat: images in tool results (the API takes text parts only there)', () => {
  it('reports an Anthropic tool_result image lost and keeps the text', () => {
    const record = anthropicCodec.decode({
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'screenshot', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Done.' }, { type: 'image', source: { type: 'url', url: 'https://example.com/shot.png' } }] }] },
      ],
    }).record as Conversation;
    const { json, diagnostics } = openAiChatCodec.encode(record);
    expect((json as { messages: unknown[] }).messages[1]).toEqual({ role: 'tool', tool_call_id: 'toolu_1', content: [{ type: 'text', text: 'Done.' }] });
    expect(diagnostics.map((d) => d.message)).toEqual(['lost in conversion: an image in a tool result at messages[1].content.parts[1] (Chat Completions tool messages take text parts only)']);
  });

  it('writes back an image that an OpenAI Chat tool message had', () => {
    const doc = { messages: [{ role: 'tool', tool_call_id: 'c', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }] };
    expect(roundTrip(doc)).toMatchObject({ json: doc, diagnostics: [] });
  });
});

describe('openai-chat: diagnostics the caller does not read in full (EncodeHow.wants)', () => {
  // Two calls without ids, their results, and reasoning: made-up ids (info) and a loss (warning).
  const RECORD: Conversation = {
    kind: 'chat',
    tools: [],
    messages: [
      { id: 'm0', role: 'user', content: { type: 'text', text: 'Weather in Bern and Oslo?' } },
      {
        id: 'm1',
        role: 'assistant',
        content: {
          type: 'blocks',
          blocks: [
            { id: 'b0', type: 'thoughts', text: 'Two cities.' },
            { id: 'b1', type: 'tool_calls', calls: [{ id: 'c0', name: 'weather', arguments: '{"city": "Bern"}' }, { id: 'c1', name: 'weather', arguments: '{"city": "Oslo"}' }] },
            { id: 'b2', type: 'tool_outputs', outputs: [{ id: 'o0', output: '12' }, { id: 'o1', output: '3' }] },
            { id: 'b3', type: 'thoughts', text: 'Done.' },
            { id: 'b4', type: 'response', text: 'Bern 12, Oslo 3.' },
          ],
        },
      },
    ],
  };

  it('makes the diagnostics it is asked for, as in full, leaves out the others, and asks once for each (so that the caller can count them)', () => {
    const full = openAiChatCodec.encode(RECORD);
    // Wants the first diagnostic of each code (a made-up id's note, a loss), not the others.
    const asked = new Map<string, number>();
    const wants = (code: string): boolean => {
      asked.set(code, (asked.get(code) ?? 0) + 1);
      return asked.get(code) === 1;
    };
    const lean = openAiChatCodec.encode(RECORD, {}, { wants });
    expect(lean.json).toEqual(full.json);
    expect(full.diagnostics.map((d) => d.code)).toEqual(['generated-call-id', 'generated-call-id', 'generated-call-id', 'generated-call-id', 'lost-in-conversion', 'lost-in-conversion']);
    expect(lean.diagnostics).toEqual([full.diagnostics[0], full.diagnostics[4]]);
    expect(Object.fromEntries(asked)).toEqual({ 'generated-call-id': 4, 'lost-in-conversion': 2 });
    // Declining never hides a failure: the codes asked about are never errors.
    expect(full.diagnostics.some((d) => d.severity === 'error')).toBe(false);
  });
});
