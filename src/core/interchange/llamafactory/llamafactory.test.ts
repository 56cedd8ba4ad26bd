import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../model/types.ts';
import { detectDialect, findCodec } from '../registry.ts';

// Records in the v1 format of LLaMA-Factory's data files (data/v1_sft_demo.jsonl, reason_tool_use_demo_50.jsonl).
const SFT = { messages: [{ role: 'user', content: [{ type: 'text', value: 'hi' }], loss_weight: 0.0 }, { role: 'assistant', content: [{ type: 'text', value: 'Hello!' }], loss_weight: 1.0 }] };
const TOOLS = '[{"type": "function", "function": {"name": "circle_area", "description": "Area of a circle.", "parameters": {"type": "object", "properties": {"radius": {"type": "number"}}}}}]';
const TOOL_USE = {
  messages: [
    { role: 'system', content: [{ type: 'text', value: 'Use the tools.' }] },
    { role: 'user', content: [{ type: 'image_url', value: 'data/1.jpg' }, { type: 'text', value: 'Area for radius 1.5?' }] },
    { role: 'assistant', content: [{ type: 'reasoning', value: 'I call circle_area.' }, { type: 'tool_call', value: '{"name": "circle_area", "arguments": {"radius": 1.5}}' }] },
    { role: 'tool', content: [{ type: 'text', value: '{"area": 7.07}' }] },
    { role: 'assistant', content: [{ type: 'text', value: 'About 7.07.' }] },
  ],
  tools: TOOLS,
};

const codec = () => findCodec('llamafactory')!;

describe('LLaMA-Factory v1 records', () => {
  for (const [name, json] of Object.entries({ 'plain SFT with loss weights': SFT, 'reasoning, tool calls, an image and tools as JSON text': TOOL_USE })) {
    it(`${name}: detected, read and written back as they were`, () => {
      expect(detectDialect(json)?.codec.id).toBe('llamafactory');
      const decoded = codec().decode(json);
      expect(decoded.diagnostics).toEqual([]);
      const encoded = codec().encode(decoded.record as Conversation);
      expect(encoded.diagnostics).toEqual([]);
      expect(JSON.stringify(encoded.json)).toBe(JSON.stringify(json));
    });
  }

  it('reads reasoning as thoughts, a tool_call as a call, an image_url as an image, the tools as definitions', () => {
    const record = codec().decode(TOOL_USE).record as Conversation;
    const assistant = record.messages[2]?.content;
    expect(assistant?.type === 'blocks' && assistant.blocks.map((b) => b.type)).toEqual(['thoughts', 'tool_calls']);
    expect(assistant?.type === 'blocks' && assistant.blocks[1]?.type === 'tool_calls' && assistant.blocks[1].calls[0]).toMatchObject({ name: 'circle_area', arguments: '{"radius": 1.5}' });
    expect(record.messages[1]?.content).toMatchObject({ type: 'parts', parts: [{ type: 'image', url: 'data/1.jpg' }, { type: 'text', text: 'Area for radius 1.5?' }] });
    expect(record.tools.map((t) => [t.name, t.description])).toEqual([['circle_area', 'Area of a circle.']]);
    expect(record.messages[0]?.extra).toBeUndefined();
  });

  it('converts to OpenAI Chat Completions, reasoning and calls in their places', () => {
    const record = codec().decode(TOOL_USE).record as Conversation;
    const openAi = findCodec('openai-chat')!.encode(record).json as { messages: Record<string, unknown>[] };
    expect(openAi.messages[2]).toMatchObject({ role: 'assistant', tool_calls: [{ function: { name: 'circle_area' } }] });
  });

  it('reports the fields of another dialect\'s reasoning and text blocks it has no place for (a thinking signature, citations)', () => {
    const record = findCodec('anthropic')!.decode({
      messages: [
        { role: 'user', content: 'News?' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'sig' }, { type: 'text', text: 'AI news', citations: [{ type: 'web_search_result_location', url: 'https://x', title: 'X', cited_text: 'AI news', encrypted_index: 'e' }] }] },
      ],
    }).record as Conversation;
    const encoded = codec().encode(record);
    expect((encoded.json as { messages: unknown[] }).messages[1]).toEqual({ role: 'assistant', content: [{ type: 'reasoning', value: 'Hmm.' }, { type: 'text', value: 'AI news' }] });
    expect(encoded.diagnostics.map((d) => [d.path, d.loss])).toEqual([
      [['messages', 1, 'content', 'blocks', 0, 'extra'], 'content'],
      [['messages', 1, 'content', 'blocks', 1, 'extra'], 'content'],
    ]);
  });

  it('says where a message is not v1', () => {
    const decoded = codec().decode({ messages: [{ role: 'user', content: 'hi' }] });
    expect(decoded.record).toBeUndefined();
    expect(decoded.diagnostics[0]?.message).toMatch(/^messages\[0\]\.content: expected a list of \{"type", "value"\} parts/);
  });
});
