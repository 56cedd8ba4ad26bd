import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { asJson, id, imageUrl, jsonObject, name, optional, schema, text, withUnknown } from '../shared/test-arbitraries.ts';
import { rwkvFormat } from '../../formats/rwkv/index.ts';
import { anthropicCodec } from '../anthropic/index.ts';
import { openAiChatCodec } from '../openai-chat/index.ts';
import { openAiResponsesCodec } from '../openai-responses/index.ts';
import { chatCompletionCodec } from './index.ts';

function roundTrip(doc: unknown) {
  const decoded = chatCompletionCodec.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const encoded = chatCompletionCodec.encode(decoded.record as Conversation);
  return { record: decoded.record as Conversation, json: encoded.json, diagnostics: encoded.diagnostics };
}

// The examples of spec 002, copied as written. Those written as JSON are verbatim; the
// `Message { … }` example is pseudo-code, transcribed to JSON (its `arguments: ...` filled in).
const SPEC: Record<string, unknown> = {
  'input messages': [
    { role: 'system', contents: [{ type: 'text', text: 'You are a friendly and knowledgeable assistant.' }] },
    { role: 'user', contents: [{ type: 'text', text: 'Can you explain how photosynthesis works?' }] },
  ],
  'output message': [
    {
      role: 'assistant',
      contents: [{ type: 'text', text: 'Photosynthesis is the process by which plants convert sunlight, water, and carbon dioxide into energy. They use sunlight to produce glucose (a form of sugar) and release oxygen as a byproduct.' }],
    },
  ],
  'message with reasoning and a tool call (transcribed)': [
    {
      role: 'assistant',
      reasoning: 'Let’s reason step by step: photosynthesis converts light energy into chemical energy...',
      contents: [{ type: 'text', text: 'Photosynthesis is the process by which plants convert sunlight, water, and carbon dioxide into energy.' }],
      tool_calls: [{ type: 'function', function: { id: 'func_call_1234abcd', name: 'get_current_location', arguments: {} } }],
    },
  ],
  'image part': [
    {
      role: 'user',
      contents: [
        { type: 'image', image: { data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' } },
        { type: 'text', text: 'What you can see in this image?' },
      ],
    },
  ],
  'tool description': {
    messages: [],
    tools: [
      {
        name: 'get_weather',
        description: 'Retrieve current weather data for a specific city.',
        parameters: {
          type: 'object',
          required: ['city'],
          properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
          additionalProperties: false,
        },
        returns: { type: 'object', properties: { temp: { type: 'number' }, condition: { type: 'string' } }, required: ['temp', 'condition'] },
      },
    ],
  },
  'tool call': [
    {
      role: 'assistant',
      contents: [{ type: 'text', text: 'Let me check the current weather for you.' }],
      tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: { city: 'Seoul', unit: 'c' } }, id: 'call_01HZX2...' }],
    },
  ],
  'tool response': [{ role: 'tool', tool_call_id: 'call_01HZX2...', name: 'get_weather', contents: [{ type: 'value', value: { temp: 12.3, condition: 'cloudy' } }] }],
  'tool error': [{ role: 'tool', tool_call_id: 'call_01HZX2...', name: 'get_weather', contents: [{ type: 'value', value: { error: { code: 'NOT_FOUND', message: 'Unknown city' } } }] }],
  'Ailoy thinking with signature and single-text contents': [{ role: 'assistant', contents: 'Hi.', thinking: 'Greet back.', signature: 'sig_abc', id: 'msg_1' }],
};

describe('chat-completion: spec 002 examples', () => {
  it.each(Object.entries(SPEC))('%s decodes and encodes back unchanged', (_, doc) => {
    const { json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
  });

  it('maps a message with reasoning to thoughts, response and tool_calls blocks', () => {
    const message = roundTrip(SPEC['message with reasoning and a tool call (transcribed)']).record.messages[0];
    const blocks = message?.content?.type === 'blocks' ? message.content.blocks : [];
    expect(blocks.map((b) => b.type)).toEqual(['thoughts', 'response', 'tool_calls']);
    expect(blocks[2]?.type === 'tool_calls' && blocks[2].calls[0]).toMatchObject({ callId: 'func_call_1234abcd', name: 'get_current_location', arguments: '{}', argumentsWasObject: true });
  });

  it('maps tool calls to toolCalls with object arguments as text, and tool results to value parts', () => {
    const message = roundTrip(SPEC['tool call']).record.messages[0];
    expect(message?.toolCalls?.[0]).toMatchObject({ callId: 'call_01HZX2...', arguments: '{"city": "Seoul", "unit": "c"}' });
    const tool = roundTrip(SPEC['tool error']).record.messages[0];
    expect(tool).toMatchObject({ role: 'tool', toolCallId: 'call_01HZX2...', name: 'get_weather', content: { type: 'parts', parts: [{ type: 'value', value: { error: { code: 'NOT_FOUND' } } }] } });
    const image = roundTrip(SPEC['image part']).record.messages[0]?.content;
    expect(image?.type === 'parts' && image.parts[0]).toMatchObject({ type: 'image', url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) });
    expect(roundTrip(SPEC['tool description']).record.tools[0]?.returns).toMatchObject({ required: ['temp', 'condition'] });
  });

  it('says what and where, and detects contents', () => {
    const result = chatCompletionCodec.decode([{ role: 'user', contents: 'x', tool_call_id: 7 }]);
    expect(result.diagnostics.map((d) => d.message)).toEqual(['messages[0].tool_call_id: expected a string, got number']);
    expect(chatCompletionCodec.detect(SPEC['tool call'])).toBeGreaterThanOrEqual(0.9);
    expect(chatCompletionCodec.detect({ messages: [{ role: 'user', content: 'x' }] })).toBe(0);
  });
});

// ---- property ----

const image = fc.oneof(imageUrl.map((url) => ({ url })), fc.constant({ data: 'iVBORw0KGgo=' }), fc.constant({ type: 'url', url: 'https://example.com/x.png' }));
const part = fc.oneof(
  withUnknown(fc.record({ type: fc.constant('text'), text })),
  image.map((i) => ({ type: 'image', image: i })),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ type: 'value', value })),
  fc.record({ type: fc.constant('function'), id, function: fc.record({ name, arguments: jsonObject }) }),
);
const call = withUnknown(fc.oneof(
  fc.tuple(name, fc.oneof(jsonObject, text), optional('id', id)).map(([n, a, i]) => ({ type: 'function', ...i, function: { name: n, arguments: a } })),
  fc.tuple(name, jsonObject, id).map(([n, a, i]) => ({ type: 'function', function: { id: i, name: n, arguments: a } })),
));
const contents = fc.oneof(fc.array(part, { maxLength: 3 }), text);
const message = fc.oneof(
  withUnknown(fc.tuple(fc.constantFrom('system', 'user', 'assistant'), contents, optional('name', name)).map(([role, c, n]) => ({ role, contents: c, ...n }))),
  fc.tuple(optional('contents', contents), fc.constantFrom('reasoning', 'thinking'), text, optional('tool_calls', fc.array(call, { maxLength: 2 })), optional('signature', fc.constant('sig')), optional('id', id)).map(([c, key, r, calls, sig, i]) => ({ role: 'assistant', ...c, [key]: r, ...calls, ...sig, ...i })),
  fc.tuple(contents, fc.array(call, { maxLength: 3 })).map(([c, calls]) => ({ role: 'assistant', contents: c, tool_calls: calls })),
  fc.tuple(id, name, fc.array(part, { maxLength: 2 })).map(([i, n, c]) => ({ role: 'tool', tool_call_id: i, name: n, contents: c })),
);
const tool = withUnknown(fc.tuple(name, optional('description', text), optional('parameters', schema), optional('returns', schema)).map(([n, d, p, r]) => ({ name: n, ...d, ...p, ...r })));
const doc = fc.oneof(fc.array(message, { maxLength: 5 }), fc.tuple(fc.array(message, { maxLength: 5 }), optional('tools', fc.array(tool, { maxLength: 2 }))).map(([m, t]) => ({ messages: m, ...t })));

describe('chat-completion: round trip', () => {
  it('encode(decode(doc)) equals doc, with no diagnostics', () => {
    fc.assert(
      fc.property(doc.map(asJson), (d) => {
        const { json, diagnostics } = roundTrip(d);
        expect(diagnostics).toEqual([]);
        expect(json).toEqual(d);
      }),
      { numRuns: 500 },
    );
  });
});

// ---- function parts and error values across dialects ----

describe('chat-completion: function parts (spec 002 "Part: Function") are calls', () => {
  // An assistant's contents with a function part, in the shape of a spec 002 tool call.
  const doc = [
    { role: 'user', contents: [{ type: 'text', text: 'Weather in Seoul?' }] },
    { role: 'assistant', contents: [{ type: 'text', text: 'Let me check.' }, { type: 'function', id: 'call_1', function: { name: 'get_weather', arguments: { city: 'Seoul' } } }] },
  ];

  it('reads them as calls where they stand and writes them back as function parts', () => {
    const { record, json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
    const blocks = record.messages[1]?.content?.type === 'blocks' ? record.messages[1].content.blocks : [];
    expect(blocks.map((b) => b.type)).toEqual(['response', 'tool_calls']);
  });

  it('becomes a tool call in OpenAI Chat Completions, Anthropic and Responses, with nothing reported', () => {
    const record = chatCompletionCodec.decode(doc).record as Conversation;
    const chat = openAiChatCodec.encode(record);
    expect(chat.json).toEqual({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Seoul?' }] },
        { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Seoul"}' } }] },
      ],
    });
    const anthropic = anthropicCodec.encode(record);
    expect((anthropic.json as { messages: unknown[] }).messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Seoul' } }] });
    const responses = openAiResponsesCodec.encode(record);
    expect((responses.json as { input: unknown[] }).input.slice(1)).toEqual([
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city": "Seoul"}' },
    ]);
    for (const { diagnostics } of [chat, anthropic, responses]) expect(diagnostics).toEqual([]);
  });

  it('is reported lost, not written raw, where a role cannot call (a user message)', () => {
    const record = chatCompletionCodec.decode([{ role: 'user', contents: [{ type: 'text', text: 'Run this:' }, { type: 'function', function: { name: 'f', arguments: {} } }] }]).record as Conversation;
    const { json, diagnostics } = openAiChatCodec.encode(record);
    expect(json).toEqual({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Run this:' }] }] });
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([['lost-in-conversion', ['messages', 0, 'content', 'parts', 1]]]);
  });
});

describe('chat-completion: error values (spec 002 "Tool Response") are the error flag', () => {
  const toolError = SPEC['tool error'] as unknown[];

  it('sets the flag: Anthropic gets is_error, RWKV status="error"', () => {
    const record = chatCompletionCodec.decode(toolError).record as Conversation;
    expect(record.messages[0]?.isError).toBe(true);
    const anthropic = anthropicCodec.encode(record).json as { messages: { content: { is_error?: boolean }[] }[] };
    expect(anthropic.messages[0]?.content[0]?.is_error).toBe(true);
    expect(rwkvFormat.render(record).text).toMatch(/^<<TOOL_RESULT name="get_weather" id="call_01HZX2\.\.\." status="error">>\n/);
  });

  it('writes the error value for an Anthropic is_error result instead of reporting the flag lost', () => {
    const record = anthropicCodec.decode({
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Atlantis' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: '{"code": "NOT_FOUND", "message": "Unknown city"}' }] },
      ],
    }).record as Conversation;
    const { json, diagnostics } = chatCompletionCodec.encode(record);
    expect((json as { messages: unknown[] }).messages[1]).toEqual({ role: 'tool', tool_call_id: 'toolu_1', contents: [{ type: 'value', value: { error: { code: 'NOT_FOUND', message: 'Unknown city' } } }] });
    expect(diagnostics).toEqual([]);
  });

  it('wraps a plain-text error as {"error": text}, and reads RWKV status="error" the same way', () => {
    const parsed = rwkvFormat.parse('<<TOOL_RESULT name="get_weather" id="c1" status="error">>\nUnknown city\n<<END_TOOL_RESULT>>');
    const { json } = chatCompletionCodec.encode(parsed.record as Conversation);
    expect(json).toEqual({ messages: [{ role: 'tool', contents: [{ type: 'value', value: { error: 'Unknown city' } }], tool_call_id: 'c1', name: 'get_weather' }] });
  });
});
