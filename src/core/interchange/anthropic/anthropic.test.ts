import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { asJson, id, imageUrl, jsonObject, name, optional, schema, text, withUnknown } from '../shared/test-arbitraries.ts';
import { anthropicCodec } from './index.ts';
import { detectCodec } from '../registry.ts';

function roundTrip(doc: unknown) {
  const decoded = anthropicCodec.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const encoded = anthropicCodec.encode(decoded.record as Conversation);
  return { record: decoded.record as Conversation, json: encoded.json, diagnostics: encoded.diagnostics };
}

// Request bodies as Anthropic's API reference and guides document them.
const DOCUMENTED: Record<string, unknown> = {
  basic: { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello, world' }] },
  'multiple turns and prefill': {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: 'You are a seasoned data scientist at a Fortune 500 company.',
    messages: [
      { role: 'user', content: 'Hello there.' },
      { role: 'assistant', content: 'Hi, I\'m Claude. How can I help you?' },
      { role: 'user', content: 'Can you explain LLMs in plain English?' },
      { role: 'assistant', content: 'The answer is (' },
    ],
  },
  vision: {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQ==' } },
          { type: 'image', source: { type: 'url', url: 'https://upload.wikimedia.org/wikipedia/commons/a/a7/Camponotus_flavomarginatus_ant.jpg' } },
          { type: 'text', text: 'Describe this image.' },
        ],
      },
    ],
  },
  'tool use': {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    tools: [
      {
        name: 'get_weather',
        description: 'Get the current weather in a given location',
        input_schema: { type: 'object', properties: { location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' } }, required: ['location'] },
      },
    ],
    messages: [
      { role: 'user', content: 'What is the weather like in San Francisco?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll check the current weather in San Francisco for you." },
          { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { location: 'San Francisco, CA' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: '15 degrees' }] },
    ],
  },
  'extended thinking with tool use': {
    model: 'claude-sonnet-4-5',
    max_tokens: 16000,
    thinking: { type: 'enabled', budget_tokens: 10000 },
    messages: [
      { role: 'user', content: "What's the weather in Paris?" },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The user wants to know the current weather in Paris. I have access to a function `get_weather`...', signature: 'BDaL4VrbR2Oj0hO4XpJxT28J5TILnCrrUXoKiiNBZW9P+nr8XSj1zuZzAl4egiCCpQNvfyUuFFJP5CncdYZEQPPmLxYsNrcs==' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB9URj2pLmN3kF8/dW5hR7xJ0aP1oLs9yTcMnKVf2wRpEGjH9XZaBt4UvDcPrQ...' },
          { type: 'tool_use', id: 'toolu_01CswdEQBMshySk6Y9DFKrfq', name: 'get_weather', input: { location: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01CswdEQBMshySk6Y9DFKrfq', content: 'Current temperature: 88°F' }] },
    ],
  },
  'prompt caching with system blocks': {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: [
      { type: 'text', text: 'You are an AI assistant tasked with analyzing literary works. Your goal is to provide insightful commentary on themes, characters, and writing style.\n' },
      { type: 'text', text: '<the entire contents of Pride and Prejudice>', cache_control: { type: 'ephemeral' } },
    ],
    messages: [{ role: 'user', content: 'Analyze the major themes in Pride and Prejudice.' }],
  },
  'tool errors, results with blocks, server tools': {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }, { name: 'get_image', description: 'Fetch an image', input_schema: { type: 'object', properties: {} }, cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'Fetch two images.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'get_image', input: {} }, { type: 'tool_use', id: 'toolu_02', name: 'get_image', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'Here it is:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
          { type: 'tool_result', tool_use_id: 'toolu_02', content: 'ConnectionError: the weather service API is not available (HTTP 500)', is_error: true },
          { type: 'text', text: 'What do you see?' },
        ],
      },
    ],
  },
};

describe('anthropic: documented request shapes', () => {
  it.each(Object.entries(DOCUMENTED))('%s decodes and encodes back unchanged', (_, doc) => {
    const { json, diagnostics } = roundTrip(doc);
    expect(diagnostics).toEqual([]);
    expect(json).toEqual(doc);
  });

  it('maps tool_use to a tool_calls block and tool_result to a tool message', () => {
    const { record } = roundTrip(DOCUMENTED['tool use']);
    const [, assistant, tool] = record.messages;
    expect(assistant?.content?.type === 'blocks' && assistant.content.blocks.map((b) => b.type)).toEqual(['response', 'tool_calls']);
    const block = assistant?.content?.type === 'blocks' ? assistant.content.blocks[1] : undefined;
    expect(block?.type === 'tool_calls' && block.calls[0]).toMatchObject({ callId: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: '{"location": "San Francisco, CA"}', argumentsWasObject: true });
    expect(tool).toMatchObject({ role: 'tool', toolCallId: 'toolu_01A09q90qw90lq917835lq9', content: { type: 'text', text: '15 degrees' } });
    expect(record.tools[0]).toMatchObject({ name: 'get_weather', parameters: { type: 'object' } });
  });

  it('keeps the thinking signature and one system message per block', () => {
    const thinking = roundTrip(DOCUMENTED['extended thinking with tool use']).record.messages[1]?.content;
    expect(thinking?.type === 'blocks' && thinking.blocks[0]).toMatchObject({ type: 'thoughts', extra: { signature: expect.stringMatching(/^BDaL/) } });
    expect(thinking?.type === 'blocks' && thinking.blocks[1]).toMatchObject({ type: 'unknown', sourceType: 'redacted_thinking' });
    const system = roundTrip(DOCUMENTED['prompt caching with system blocks']).record.messages;
    expect(system.slice(0, 2).map((m) => [m.role, m.content?.type === 'text' && m.content.mapping, m.extra])).toEqual([
      ['system', true, undefined],
      ['system', true, { cache_control: { type: 'ephemeral' } }],
    ]);
  });

  it('turns base64 images into data URLs', () => {
    const content = roundTrip(DOCUMENTED.vision).record.messages[0]?.content;
    expect(content?.type === 'parts' && content.parts.slice(0, 2)).toMatchObject([
      { type: 'image', url: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==', mediaType: 'image/jpeg' },
      { type: 'image', url: 'https://upload.wikimedia.org/wikipedia/commons/a/a7/Camponotus_flavomarginatus_ant.jpg' },
    ]);
  });

  it('joins several plain system messages with a blank line and reports it', () => {
    const record: Conversation = { kind: 'chat', tools: [], messages: [{ id: 'a', role: 'system', content: { type: 'text', text: 'A' } }, { id: 'b', role: 'system', content: { type: 'text', text: 'B' } }, { id: 'c', role: 'user', content: { type: 'text', text: 'hi' } }] };
    const { json, diagnostics } = anthropicCodec.encode(record);
    expect(json).toEqual({ system: 'A\n\nB', messages: [{ role: 'user', content: 'hi' }] });
    expect(diagnostics.map((d) => d.message)).toEqual(["lost in conversion: the boundaries between 2 system messages at messages[1] (joined by a blank line into Anthropic's system string)"]);
  });

  it('says what and where for bad input', () => {
    const result = anthropicCodec.decode({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'f', input: 'oops' }] }] });
    expect(result.diagnostics.map((d) => d.message)).toEqual(['messages[0].content[0].input: expected an object, got string']);
    expect(anthropicCodec.encode(result.record as Conversation).json).toEqual({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'f', input: 'oops' }] }] });
    expect(anthropicCodec.decode({ messages: [{ role: 1 }] }).record).toBeUndefined();
  });

  it('detects its own shapes', () => {
    expect(anthropicCodec.detect(DOCUMENTED['tool use'])).toBeGreaterThanOrEqual(0.9);
    // Plain messages are a shared shape; a Claude model is a hint (below a mark), without it they are OpenAI's.
    expect(anthropicCodec.detect(DOCUMENTED.basic)).toBeLessThan(0.7);
    expect(detectCodec(DOCUMENTED.basic)?.id).toBe('anthropic');
    expect(anthropicCodec.detect({ ...(DOCUMENTED.basic as object), model: 'gpt-4o' })).toBeLessThan(0.5);
    expect(anthropicCodec.detect({ messages: [{ role: 'system', content: 'x' }] })).toBe(0);
  });
});

// ---- property ----

const cache = optional('cache_control', fc.constant({ type: 'ephemeral' }));
// The API refuses empty text blocks (and the encoder reports them: empty-text.ts), so valid documents have none.
const textBlock = fc.tuple(text.filter((t) => t !== ''), cache).map(([t, c]) => ({ type: 'text', text: t, ...c }));
const image = imageUrl.map((url) => (url.startsWith('data:') ? { type: 'image', source: { type: 'base64', media_type: 'image/png', data: url.split(',')[1] } } : { type: 'image', source: { type: 'url', url } }));
const document = fc.constant({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Grass is green.' }, title: 'Facts' });
const toolResult = fc.tuple(id, optional('content', fc.oneof(text, fc.array(fc.oneof(textBlock, image), { maxLength: 2 }))), optional('is_error', fc.boolean()), cache).map(([i, c, e, k]) => ({ type: 'tool_result', tool_use_id: i, ...c, ...e, ...k }));
const userContent = fc.oneof(text, fc.tuple(fc.array(toolResult, { maxLength: 2 }), fc.array(fc.oneof(textBlock, image, document), { maxLength: 2 })).map(([results, rest]) => [...results, ...rest]));
const assistantBlock = fc.oneof(
  textBlock,
  fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.constant('c2lnbmF0dXJl') }),
  fc.record({ type: fc.constant('redacted_thinking'), data: fc.constant('ZGF0YQ==') }),
  fc.record({ type: fc.constant('tool_use'), id, name, input: jsonObject }),
);
const assistantContent = fc.oneof(text, fc.array(assistantBlock, { maxLength: 4 }));
const messages = fc.array(fc.tuple(userContent, assistantContent), { maxLength: 3 }).chain((turns) =>
  fc.boolean().map((endWithUser) => {
    const list = turns.flatMap(([u, a]) => [{ role: 'user', content: u }, { role: 'assistant', content: a }]);
    return endWithUser && list.length > 0 ? list.slice(0, -1) : list;
  }),
);
const tool = fc.oneof(withUnknown(fc.tuple(name, optional('description', text), schema, cache).map(([n, d, s, c]) => ({ name: n, ...d, input_schema: s, ...c }))), fc.constant({ type: 'bash_20250124', name: 'bash' }));
const doc = fc
  .tuple(messages, optional('system', fc.oneof(text, fc.array(textBlock, { maxLength: 3 }))), optional('tools', fc.array(tool, { minLength: 1, maxLength: 2 })), optional('max_tokens', fc.integer({ min: 1, max: 4096 })), optional('metadata', fc.record({ user_id: id })))
  .map(([m, system, tools, maxTokens, metadata]) => ({ model: 'claude-sonnet-4-5', ...maxTokens, ...system, messages: m, ...tools, ...metadata }));

describe('anthropic: round trip', () => {
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
