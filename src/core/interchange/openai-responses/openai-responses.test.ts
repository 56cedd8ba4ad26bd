import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { asJson, id, imageUrl, jsonObject, name, optional, schema, text, withUnknown } from '../shared/test-arbitraries.ts';
import { openAiResponsesCodec } from './index.ts';

function roundTrip(doc: unknown) {
  const decoded = openAiResponsesCodec.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const encoded = openAiResponsesCodec.encode(decoded.record as Conversation);
  return { record: decoded.record as Conversation, json: encoded.json, diagnostics: encoded.diagnostics };
}

// Request bodies as the OpenAI Responses API reference and guides document them.
const DOCUMENTED: Record<string, unknown> = {
  'text input': { model: 'gpt-4.1', input: 'Tell me a three sentence bedtime story about a unicorn.' },
  instructions: { model: 'gpt-4.1', instructions: 'Talk like a pirate.', input: 'Are semicolons optional in JavaScript?' },
  'image input': {
    model: 'gpt-4.1',
    input: [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'what is in this image?' },
          { type: 'input_image', image_url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/d/dd/Gfp-wisconsin-madison-the-nature-boardwalk.jpg/2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg', detail: 'auto' },
        ],
      },
    ],
  },
  'function calling': {
    model: 'gpt-4.1',
    tools: [
      {
        type: 'function',
        name: 'get_weather',
        description: 'Get current temperature for a given location.',
        parameters: { type: 'object', properties: { location: { type: 'string', description: 'City and country e.g. Bogotá, Colombia' } }, required: ['location'], additionalProperties: false },
        strict: true,
      },
    ],
    input: [
      { role: 'user', content: 'What is the weather like in Paris today?' },
      { type: 'function_call', id: 'fc_12345xyz', call_id: 'call_12345xyz', name: 'get_weather', arguments: '{"location":"Paris, France"}' },
      { type: 'function_call_output', call_id: 'call_12345xyz', output: '{"temperature": 14}' },
    ],
  },
  'manual conversation state': {
    model: 'gpt-4o-mini',
    input: [
      { role: 'user', content: 'knock knock.' },
      { role: 'assistant', content: "Who's there?" },
      { role: 'user', content: 'Orange.' },
    ],
  },
  'reasoning items passed back (stateless)': {
    model: 'o4-mini',
    reasoning: { effort: 'medium', summary: 'auto' },
    store: false,
    include: ['reasoning.encrypted_content'],
    input: [
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Answer briefly.' }] },
      { role: 'user', content: 'What is 17 * 23?' },
      { type: 'reasoning', id: 'rs_6820f383d7c08191846711c5df8233bc', summary: [{ type: 'summary_text', text: '**Multiplying**\n\n17 * 23 = 391.' }], encrypted_content: 'gAAAAABoISQ24OyVRYbkYfukrl...' },
      { type: 'message', id: 'msg_6820f3854688819187ebb1b1d9e1d6c5', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '391', annotations: [] }] },
      { type: 'reasoning', id: 'rs_2', summary: [] },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'calc', arguments: '{}', status: 'completed' },
    ],
  },
  'built-in tools and refusals': {
    model: 'gpt-4.1',
    tools: [{ type: 'web_search_preview' }, { type: 'file_search', vector_store_ids: ['vs_1234567890'], max_num_results: 20 }],
    input: [
      { role: 'user', content: 'What was a positive news story from today?' },
      { type: 'web_search_call', id: 'ws_67c9fa0502748190b7dd390736892e100be649c1a5ff9609', status: 'completed' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One story:', annotations: [{ type: 'url_citation', start_index: 0, end_index: 3, url: 'https://example.com', title: 'Ex' }] }, { type: 'refusal', refusal: 'I cannot say more.' }] },
    ],
  },
};

describe('openai-responses: documented request shapes', () => {
  it.each(Object.entries(DOCUMENTED))('%s decodes and encodes back unchanged', (_, doc) => {
    const { json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
  });

  it('reads a turn of reasoning, message and function_call items as one structured assistant message', () => {
    const { record } = roundTrip(DOCUMENTED['reasoning items passed back (stateless)']);
    expect(record.messages.map((m) => m.role)).toEqual(['developer', 'user', 'assistant']);
    const turn = record.messages[2];
    expect(turn?.content?.type === 'blocks' && turn.content.blocks.map((b) => b.type)).toEqual(['thoughts', 'response', 'thoughts', 'tool_calls']);
    expect(turn?.extra).toEqual({ id: 'msg_6820f3854688819187ebb1b1d9e1d6c5', status: 'completed' });
    const calls = turn?.content?.type === 'blocks' ? turn.content.blocks[3] : undefined;
    expect(calls?.type === 'tool_calls' && calls.calls[0]).toMatchObject({ callId: 'call_1', extra: { id: 'fc_1', status: 'completed' } });
  });

  it('reads instructions as a system message and a string input as one user message', () => {
    const { record } = roundTrip(DOCUMENTED.instructions);
    expect(record.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', { type: 'text', text: 'Talk like a pirate.' }],
      ['user', { type: 'text', text: 'Are semicolons optional in JavaScript?' }],
    ]);
  });
});

describe('openai-responses: the spec 004 table shapes (import)', () => {
  // As written in spec 004 "2. OpenAI Responses API", with the "…" filled in.
  const table = {
    input: [
      { role: 'system', content: [{ type: 'input_text', text: 'You are terse.' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'Add 2 and 3.' }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'I will call the calculator tool.' }] },
      { role: 'assistant', content: [{ type: 'tool_call', id: 'call_001', name: 'calculator', arguments: '{"operation": "add", "operands": [2, 3]}' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_call_id: 'call_001', output: '{"result": 5}' }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'The result is 5.' }] },
    ],
  };

  it('reads tool_call / tool_result parts as calls and tool messages, and exports the real items', () => {
    const decoded = openAiResponsesCodec.decode(table);
    expect(decoded.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['info', 'openai-responses/spec-table-shape'],
      ['info', 'openai-responses/spec-table-shape'],
    ]);
    const record = decoded.record as Conversation;
    expect(record.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(record.messages[3]).toMatchObject({ toolCallId: 'call_001', content: { type: 'text', text: '{"result": 5}' } });
    expect(openAiResponsesCodec.encode(record).json).toEqual({
      input: [
        table.input[0],
        table.input[1],
        table.input[2],
        { type: 'function_call', call_id: 'call_001', name: 'calculator', arguments: '{"operation": "add", "operands": [2, 3]}' },
        { type: 'function_call_output', call_id: 'call_001', output: '{"result": 5}' },
        table.input[5],
      ],
    });
  });
});

describe('openai-responses: bad input and detection', () => {
  it('says what and where', () => {
    const result = openAiResponsesCodec.decode({ input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: { a: 1 } }] });
    expect(result.diagnostics.map((d) => d.message)).toEqual(['input[0].arguments: expected a string, got object']);
    expect(openAiResponsesCodec.encode(result.record as Conversation).json).toEqual({ input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: { a: 1 } }] });
    expect(openAiResponsesCodec.decode({ messages: [] }).diagnostics[0]?.message).toBe('input: missing; expected a string or an array of input items');
  });

  it('detects requests by their input', () => {
    expect(openAiResponsesCodec.detect(DOCUMENTED['text input'])).toBeGreaterThanOrEqual(0.9);
    expect(openAiResponsesCodec.detect({ messages: [] })).toBe(0);
  });
});

// ---- property ----

const inputText = withUnknown(fc.record({ type: fc.constant('input_text'), text }));
const inputImage = fc.tuple(imageUrl, optional('detail', fc.constantFrom('low', 'high', 'auto'))).map(([url, d]) => ({ type: 'input_image', image_url: url, ...d }));
const typed = optional('type', fc.constant('message'));
const inputMessage = fc.tuple(typed, fc.constantFrom('user', 'system', 'developer'), fc.oneof(text, fc.array(fc.oneof(inputText, inputImage, fc.constant({ type: 'input_file', file_id: 'file-abc' })), { maxLength: 3 }))).map(([t, role, content]) => ({ ...t, role, content }));
const outputText = fc.tuple(text, optional('annotations', fc.constant([]))).map(([t, a]) => ({ type: 'output_text', text: t, ...a }));
const assistantMessage = fc
  .tuple(typed, fc.oneof(text, fc.array(fc.oneof(outputText, fc.record({ type: fc.constant('refusal'), refusal: text })), { maxLength: 3 })), optional('id', id), optional('status', fc.constant('completed')))
  .map(([t, content, i, s]) => ({ ...t, role: 'assistant', content, ...i, ...s }));
const reasoning = fc.tuple(id, fc.array(fc.record({ type: fc.constant('summary_text'), text }), { maxLength: 2 }), optional('encrypted_content', fc.constant('gAAAA'))).map(([i, summary, e]) => ({ type: 'reasoning', id: i, summary, ...e }));
const functionCall = fc.tuple(id, name, fc.oneof(jsonObject.map((o) => JSON.stringify(o)), text), optional('id', id), optional('status', fc.constant('completed'))).map(([callId, n, args, i, s]) => ({ type: 'function_call', call_id: callId, name: n, arguments: args, ...i, ...s }));
const functionOutput = fc.tuple(id, fc.oneof(text, fc.array(inputText, { maxLength: 2 }))).map(([callId, output]) => ({ type: 'function_call_output', call_id: callId, output }));
const otherItem = fc.record({ type: fc.constant('web_search_call'), id, status: fc.constant('completed') });
const item = fc.oneof(inputMessage, assistantMessage, reasoning, functionCall, functionOutput, otherItem);
const tool = fc.oneof(withUnknown(fc.tuple(name, optional('description', fc.oneof(text, fc.constant(null))), optional('parameters', schema), optional('strict', fc.boolean())).map(([n, d, p, s]) => ({ type: 'function', name: n, ...d, ...p, ...s }))), fc.constant({ type: 'web_search_preview' }));
const doc = fc
  .tuple(fc.oneof(text, fc.array(item, { maxLength: 8 })), optional('instructions', text), optional('tools', fc.array(tool, { minLength: 1, maxLength: 2 })), optional('model', fc.constant('gpt-4.1')))
  .map(([input, instructions, tools, model]) => ({ ...model, ...instructions, input, ...tools }));

describe('openai-responses: round trip', () => {
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
