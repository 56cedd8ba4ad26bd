import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../model/types.ts';
import { apertusJsonCodec, decodeApertusJson, encodeApertusJson } from './index.ts';

function messages(json: unknown): Message[] {
  const { record } = decodeApertusJson(json);
  if (record?.kind !== 'chat') throw new Error('expected a conversation');
  return record.messages;
}

function errorsOf(json: unknown): string[] {
  return decodeApertusJson(json).diagnostics.map((d) => d.message);
}

function roundTrip(json: unknown): unknown {
  const { record } = decodeApertusJson(json);
  if (!record) throw new Error('unreadable');
  return encodeApertusJson(record).json;
}

describe('decodeApertusJson: unreadable input', () => {
  it.each([
    [5, 'input: expected an object with a "messages" array, or an array of messages, got number'],
    [null, 'input: expected an object with a "messages" array, or an array of messages, got null'],
    ['text', 'input: expected an object with a "messages" array, or an array of messages, got string'],
    [{}, 'messages: missing; expected an array'],
    [{ messages: {} }, 'messages: expected an array, got object'],
    [{ messages: [1] }, 'messages[0]: expected an object, got number'],
    [[[]], 'messages[0]: expected an object, got array'],
    [[{ content: 'x' }], 'messages[0].role: missing; expected a string'],
    [[{ role: 7 }], 'messages[0].role: expected a string, got number'],
  ])('%j → %s', (json, message) => {
    const result = decodeApertusJson(json);
    expect(result.record).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message)).toEqual([message]);
    expect(result.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports every unplaceable message, not only the first', () => {
    const result = decodeApertusJson([{ role: 'user', content: 'a' }, 'x', { role: null }]);
    expect(result.record).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message)).toEqual(['messages[1]: expected an object, got string', 'messages[2].role: expected a string, got null']);
    expect(result.diagnostics.map((d) => d.path)).toEqual([['messages', 1], ['messages', 2, 'role']]);
  });
});

describe('decodeApertusJson: kept with diagnostics', () => {
  it.each<[unknown, string[]]>([
    [[{ role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 5 }] } }], ['messages[0].content.blocks[0].text: expected a string, got number']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'response' }] } }], ['messages[0].content.blocks[0].text: missing; expected a string']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: 3 }] }] } }], ['messages[0].content.blocks[0].calls[0].arguments: expected a string or an object, got number']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: [1] }] }] } }], ['messages[0].content.blocks[0].calls[0].arguments: expected a string or an object, got array']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: true, arguments: '{}' }] }] } }], ['messages[0].content.blocks[0].calls[0].name: expected a string, got boolean']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: '{}', id: 1 }] }] } }], ['messages[0].content.blocks[0].calls[0].id: expected a string, got number']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_outputs', outputs: [{ output: { a: 1 } }] }] } }], ['messages[0].content.blocks[0].outputs[0].output: expected a string, got object']],
    [[{ role: 'assistant', content: { blocks: [{ type: 'tool_outputs', outputs: [{ output: 'x', is_error: 'yes' }] }] } }], ['messages[0].content.blocks[0].outputs[0].is_error: expected true or false, got string']],
    [[{ role: 'user', content: { parts: [{ type: 'text', text: null }] } }], ['messages[0].content.parts[0].text: expected a string, got null']],
    [[{ role: 'system', content: { text: 1 } }], ['messages[0].content.text: expected a string, got number']],
    [[{ role: 'user', content: 4 }], ['messages[0].content: expected a string, null or an object, got number']],
    [[{ role: 'user', content: 'x', name: 4 }], ['messages[0].name: expected a string, got number']],
    [[{ role: 'tool', content: 'x', tool_call_id: false }], ['messages[0].tool_call_id: expected a string, got boolean']],
    [[{ role: 'tool', content: 'x', is_error: 1 }], ['messages[0].is_error: expected true or false, got number']],
    [[{ role: 'assistant', content: 'x', tool_calls: { a: 1 } }], ['messages[0].tool_calls: expected an array, got object']],
    [[{ role: 'assistant', content: 'x', tool_calls: [{ type: 'function', function: { name: 'f', arguments: null } }] }], ['messages[0].tool_calls[0].function.arguments: expected a string or an object, got null']],
    [[{ role: 'assistant', content: 'x', tool_calls: [{ type: 'function', id: 9, function: { name: 'f', arguments: '{}' } }] }], ['messages[0].tool_calls[0].id: expected a string, got number']],
    [{ messages: [], tools: [{ name: 'f', description: 3 }] }, ['tools[0].description: expected a string, got number']],
    [{ messages: [], tools: [{ description: 'd' }] }, ['tools[0].name: missing; expected a string']],
    [{ messages: [], tools: [{ type: 'function', function: { name: 2 } }] }, ['tools[0].function.name: expected a string, got number']],
  ])('%j', (json, expected) => {
    const result = decodeApertusJson(json);
    expect(result.record).toBeDefined();
    expect(result.diagnostics.map((d) => d.message)).toEqual(expected);
    expect(result.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('sets the path of each diagnostic to the field', () => {
    const [d] = decodeApertusJson([{ role: 'user', content: 'q' }, { role: 'user', content: 'q' }, { role: 'user', content: 'q' },
      { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: '' }, { type: 'tool_calls', calls: [{ name: 'f', arguments: 1 }] }] } }]).diagnostics;
    expect(d?.message).toBe('messages[3].content.blocks[1].calls[0].arguments: expected a string or an object, got number');
    expect(d?.path).toEqual(['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments']);
  });

  it('keeps invalid optional values raw, so that export writes them back', () => {
    const json = [{ role: 'tool', content: 'x', name: 4, tool_call_id: false, is_error: 'no' }];
    expect(roundTrip(json)).toEqual(json);
  });

  it('keeps the JSON text of a non-string text field, visible and editable', () => {
    const [message] = messages([{ role: 'assistant', content: { blocks: [{ type: 'thoughts', text: { a: [1, 'b'] } }] } }]);
    expect(message?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'thoughts', text: '{"a": [1, "b"]}' }] });
  });

  it.each<[unknown, string]>([
    [{}, 'messages[0].content: a content mapping needs "text", "parts" or "blocks"; the content is kept as it is, but cannot be edited or rendered'],
    [{ lang: 'en' }, 'messages[0].content: a content mapping needs "text", "parts" or "blocks"; the content is kept as it is, but cannot be edited or rendered'],
    [{ parts: [{ type: 'audio', data: 'x' }] }, 'messages[0].content.parts[0].type: unknown part type "audio" (Apertus user parts are "text"); the content is kept as it is, but cannot be edited or rendered'],
    [{ parts: ['a'] }, 'messages[0].content.parts[0]: expected an object, got string; the content is kept as it is, but cannot be edited or rendered'],
    [{ blocks: [3] }, 'messages[0].content.blocks[0]: expected an object, got number; the content is kept as it is, but cannot be edited or rendered'],
    [{ parts: 'a' }, 'messages[0].content.parts: expected an array, got string'],
    [{ blocks: null }, 'messages[0].content.blocks: expected an array, got null'],
  ])('content the model cannot hold is kept raw: %j', (content, message) => {
    const json = [{ role: 'user', content }];
    const result = decodeApertusJson(json);
    expect(result.diagnostics.map((d) => d.message)).toEqual([message]);
    const [decoded] = messages(json);
    expect(decoded?.content).toBeUndefined();
    expect(decoded?.extra).toEqual({ content });
    expect(roundTrip(json)).toEqual(json);
  });

  it.each<[unknown, string[]]>([
    [{ type: 'tool_calls', calls: 'f' }, ['messages[0].content.blocks[0].calls: expected an array, got string', 'messages[0].content.blocks[0]: the block is kept as it is, but cannot be edited or rendered']],
    [{ type: 'tool_calls', calls: [1] }, ['messages[0].content.blocks[0].calls[0]: expected an object, got number', 'messages[0].content.blocks[0]: the block is kept as it is, but cannot be edited or rendered']],
    [{ type: 'tool_outputs' }, ['messages[0].content.blocks[0].outputs: missing; expected an array', 'messages[0].content.blocks[0]: the block is kept as it is, but cannot be edited or rendered']],
    [{ type: 'tool_outputs', outputs: [null] }, ['messages[0].content.blocks[0].outputs[0]: expected an object, got null', 'messages[0].content.blocks[0]: the block is kept as it is, but cannot be edited or rendered']],
    [{ type: 3 }, ['messages[0].content.blocks[0].type: expected a string, got number']],
  ])('a block with unreadable structure is kept whole: %j', (block, expected) => {
    const json = [{ role: 'assistant', content: { blocks: [block] } }];
    expect(errorsOf(json)).toEqual(expected);
    const [decoded] = messages(json);
    expect(decoded?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'unknown', raw: block }] });
    expect(roundTrip(json)).toEqual(json);
  });

  it('reports an image part without a URL and keeps the content raw', () => {
    const json = [{ role: 'user', content: { parts: [{ type: 'image', media_type: 'image/png' }] } }];
    expect(errorsOf(json)).toEqual([
      'messages[0].content.parts[0].url: missing; expected a string',
      'messages[0].content.parts[0]: the content is kept as it is, but cannot be edited or rendered',
    ]);
    expect(roundTrip(json)).toEqual(json);
  });

  it('keeps unreadable legacy tool calls and tools raw', () => {
    const calls = [{ type: 'function', function: 'f' }];
    const json = { messages: [{ role: 'assistant', content: 'x', tool_calls: calls }], tools: [{ name: 'f' }, 7] };
    expect(errorsOf(json)).toEqual([
      'messages[0].tool_calls[0].function: expected an object, got string',
      'messages[0].tool_calls: the tool calls are kept as they are, but cannot be edited or rendered',
      'tools[1]: expected an object, got number; the tools are kept as they are, but cannot be edited',
    ]);
    expect(roundTrip(json)).toEqual(json);
    const { record } = decodeApertusJson(json);
    expect((record as Conversation).tools).toEqual([]);
  });

  it('keeps a tools value that is not an array', () => {
    const json = { messages: [], tools: 'none' };
    expect(errorsOf(json)).toEqual(['tools: expected an array, got string']);
    expect(roundTrip(json)).toEqual(json);
  });

  it('rejects a nested tool whose type is not "function"', () => {
    const json = { messages: [], tools: [{ type: 'retrieval', function: { name: 'f' } }] };
    expect(errorsOf(json)).toEqual(['tools[0].type: expected "function", got string', 'tools[0]: the tools are kept as they are, but cannot be edited']);
    expect(roundTrip(json)).toEqual(json);
  });

  it('remembers a legacy call without a type (the format reports it) and writes none back', () => {
    const json = [{ role: 'assistant', content: 'x', tool_calls: [{ function: { name: 'f', arguments: '{}' } }, { type: 'function', function: { name: 'g', arguments: '{}' } }] }];
    const result = decodeApertusJson(json);
    expect(result.diagnostics).toEqual([]);
    const [message] = messages(json);
    expect(message?.toolCalls?.map((c) => [c.type, c.typeMissing])).toEqual([[undefined, true], ['function', undefined]]);
    expect(roundTrip(json)).toEqual(json);
  });
});

describe('decodeApertusJson: content mappings with several keys', () => {
  const parts = [{ type: 'text', text: 'P' }];
  const blocks = [{ type: 'response', text: 'B' }];
  it.each<[string, Record<string, unknown>, unknown]>([
    // The form the template reads for the role becomes the content; the rest stays raw in extra.
    ['system', { parts, text: 'T' }, { type: 'text', text: 'T', mapping: true, extra: { parts } }],
    ['system', { text: 'T', blocks, lang: 'en' }, { type: 'text', text: 'T', mapping: true, extra: { blocks, lang: 'en' } }],
    ['user', { parts, text: 'T' }, { type: 'parts', parts: [{ type: 'text', text: 'P' }], extra: { text: 'T' } }],
    ['user', { text: 'T', parts }, { type: 'parts', parts: [{ type: 'text', text: 'P' }], extra: { text: 'T' } }],
    ['user', { parts, lang: 'en' }, { type: 'parts', parts: [{ type: 'text', text: 'P' }], extra: { lang: 'en' } }],
    ['assistant', { blocks, text: 'T' }, { type: 'blocks', blocks: [{ type: 'response', text: 'B' }], extra: { text: 'T' } }],
    ['assistant', { text: 'T', parts: [], blocks }, { type: 'blocks', blocks: [{ type: 'response', text: 'B' }], extra: { text: 'T', parts: [] } }],
    // No form the template reads (it raises; the format reports it): the first form present.
    ['user', { text: 'T', blocks }, { type: 'text', text: 'T', mapping: true, extra: { blocks } }],
    ['tool', { parts, text: 'T' }, { type: 'text', text: 'T', mapping: true, extra: { parts } }],
  ])('%s %j', (role, content, expected) => {
    const json = [{ role, content }];
    expect(decodeApertusJson(json).diagnostics).toEqual([]);
    const [message] = messages(json);
    expect(message?.content).toMatchObject(expected as object);
    expect(roundTrip(json)).toEqual(json);
  });

  it('checks only the form it reads: a shadowed key of any type is kept as it is', () => {
    const json = [{ role: 'user', content: { parts, text: 5 } }];
    expect(decodeApertusJson(json).diagnostics).toEqual([]);
    expect(roundTrip(json)).toEqual(json);
  });
});

describe('decodeApertusJson: what the model holds', () => {
  it('keeps unknown roles and block types for the format to report', () => {
    const [message] = messages([{ role: 'critic', content: { blocks: [{ type: 'image', url: 'u' }] } }]);
    expect(message?.role).toBe('critic');
    expect(message?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'unknown', sourceType: 'image', raw: { type: 'image', url: 'u' } }] });
  });

  it('tells content null from no content', () => {
    const [a, b] = messages([{ role: 'assistant', content: null }, { role: 'assistant' }]);
    expect(a?.content).toBeNull();
    expect(b && 'content' in b).toBe(false);
  });

  it('turns object arguments into Python-style JSON text and remembers the object', () => {
    const [message] = messages([{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: { q: 'é', n: [1, 2.5, null] } }] }] } }]);
    expect(message?.content).toMatchObject({ blocks: [{ calls: [{ name: 'f', arguments: '{"q": "é", "n": [1, 2.5, null]}', argumentsWasObject: true }] }] });
  });

  it('reads the string vs mapping forms of content', () => {
    const [system, user, assistant] = messages([
      { role: 'system', content: { text: 's' } },
      { role: 'user', content: { parts: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b', lang: 'en' }] } },
      { role: 'assistant', content: 'plain' },
    ]);
    expect(system?.content).toEqual({ type: 'text', text: 's', mapping: true });
    expect(user?.content).toMatchObject({ type: 'parts', parts: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b', extra: { lang: 'en' } }] });
    expect(assistant?.content).toEqual({ type: 'text', text: 'plain' });
  });

  it('reads legacy tool calls, tool messages and both tool shapes', () => {
    const json = {
      messages: [
        { role: 'assistant', content: 'ok', tool_calls: [{ type: 'function', id: 'c1', function: { name: 'f', arguments: '{"a": 1}', strict: true }, index: 0 }] },
        { role: 'tool', content: 'r', tool_call_id: 'c1', name: 'f' },
      ],
      tools: [{ name: 'f', description: 'd', parameters: { type: 'object' } }, { type: 'function', function: { name: 'g', parameters: {}, x: 1 }, y: 2 }],
      model: 'apertus',
    };
    const { record } = decodeApertusJson(json);
    const conversation = record as Conversation;
    expect(conversation.messages[0]?.toolCalls).toMatchObject([{ type: 'function', callId: 'c1', name: 'f', arguments: '{"a": 1}', extra: { index: 0, function: { strict: true } } }]);
    expect(conversation.messages[1]).toMatchObject({ role: 'tool', toolCallId: 'c1', name: 'f' });
    expect(conversation.tools).toMatchObject([{ name: 'f', description: 'd', parameters: { type: 'object' } }, { name: 'g', wrapped: true, extra: { y: 2, function: { x: 1 } } }]);
    expect(conversation.extra).toEqual({ model: 'apertus' });
    expect(roundTrip(json)).toEqual(json);
  });

  it('keeps a provider built-in tool as it was', () => {
    const json = { messages: [], tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }] };
    const { record, diagnostics } = decodeApertusJson(json);
    expect(diagnostics).toEqual([]);
    expect((record as Conversation).tools).toMatchObject([{ type: 'web_search_20250305', name: 'web_search', extra: { name: 'web_search', max_uses: 5 } }]);
    expect(roundTrip(json)).toEqual(json);
  });

  it('gives back the top-level shape: bare array, tools key present while empty, or neither', () => {
    for (const json of [[{ role: 'user', content: 'a' }], { messages: [{ role: 'user', content: 'a' }] }, { messages: [], tools: [] }]) {
      expect(roundTrip(json)).toEqual(json);
    }
  });
});

describe('encodeApertusJson', () => {
  it('writes an object again when the arguments text no longer parses to one, with a warning', () => {
    const { record } = decodeApertusJson([{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: { a: 1 } }] }] } }]);
    const conversation = record as Conversation;
    const block = conversation.messages[0]?.content;
    if (block?.type !== 'blocks' || block.blocks[0]?.type !== 'tool_calls' || !block.blocks[0].calls[0]) throw new Error('shape');
    block.blocks[0].calls[0].arguments = '{"a": ';
    const result = encodeApertusJson(conversation);
    expect(result.json).toEqual([{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: '{"a": ' }] }] } }]);
    expect(result.diagnostics.map((d) => d.message)).toEqual(['messages[0].content.blocks[0].calls[0].arguments: the source gave an object, but the text is no longer a JSON object; written as a string.']);
  });

  it('refuses a multi-file document with an error', () => {
    const result = encodeApertusJson({ kind: 'document', files: [] });
    expect(result.json).toBeNull();
    expect(result.diagnostics[0]?.severity).toBe('error');
  });

  it('warns about non-text parts, which the Apertus template rejects', () => {
    const result = encodeApertusJson({ kind: 'chat', tools: [], messages: [{ id: 'm', role: 'user', content: { type: 'parts', parts: [{ id: 'p', type: 'image', url: 'data:,' }] } }] });
    expect(result.json).toEqual({ messages: [{ role: 'user', content: { parts: [{ type: 'image', url: 'data:,' }] } }] });
    expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual([['warning', 'messages[0].content.parts[0]: Apertus user parts are text only; the image part is written as {"type": "image", …}, which the Apertus template rejects.']]);
  });

  it('writes legacy calls from dialects without a type as type "function"', () => {
    const result = encodeApertusJson({ kind: 'chat', tools: [], messages: [{ id: 'm', role: 'assistant', content: { type: 'text', text: '' }, toolCalls: [{ id: 'c', callId: 'x', name: 'f', arguments: '{}' }] }] });
    expect(result.json).toEqual({ messages: [{ role: 'assistant', content: '', tool_calls: [{ type: 'function', id: 'x', function: { name: 'f', arguments: '{}' } }] }] });
  });
});

describe('detect', () => {
  it.each<[unknown, number]>([
    [[{ role: 'assistant', content: { blocks: [] } }], 0.95],
    [{ messages: [{ role: 'user', content: 'a' }, { role: 'user', content: { parts: [] } }] }, 0.95],
    [[{ role: 'system', content: { text: 'a' } }], 0.95],
    [[{ role: 'user', content: 'a' }], 0.5],
    [[], 0.5],
    [[{ role: 'user', content: [{ type: 'text', text: 'a' }] }], 0.1],
    [[{ content: 'a' }], 0.05],
    [[1], 0.05],
    [{ contents: [] }, 0],
    ['x', 0],
  ])('%j → %d', (json, score) => {
    expect(apertusJsonCodec.detect(json)).toBe(score);
  });
});
