/**
 * Detection by evidence (issue 22): each dialect counts the features only it writes. The
 * documents are cut down from the real ones in ../shared/interop (the SDKs' own fixtures and
 * examples), keeping only the one mark that decides.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/types.ts';
import { chooseDialect } from './choose-dialect.ts';
import { detectCodec, findCodec } from './registry.ts';

const user = { role: 'user', content: 'Hi' };

/** Anthropic requests whose only Anthropic mark is the one named (Anthropic SDK and vercel/ai fixtures). */
const ANTHROPIC_ONLY_BY: [string, unknown][] = [
  ['a top-level "thinking" config', { model: 'claude-sonnet-5', max_tokens: 3200, thinking: { type: 'enabled', budget_tokens: 1600 }, messages: [user] }],
  ['a server tool (web_search_20250305)', { max_tokens: 1024, messages: [user], tools: [{ name: 'web_search', type: 'web_search_20250305' }] }],
  ['mcp_tool_use / mcp_tool_result blocks', { messages: [user, { role: 'assistant', content: [{ type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'echo', input: { message: 'hi' }, server_name: 'echo' }, { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', is_error: false, content: [{ type: 'text', text: 'hi' }] }, { type: 'text', text: 'Done.' }] }] }],
  ['a server_tool_use block', { messages: [user, { role: 'assistant', content: [{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } }] }] }],
  ['a web_search_tool_result block', { messages: [user, { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }, { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] }] }] }],
  ['a compaction block', { messages: [user, { role: 'assistant', content: [{ type: 'compaction', content: '## Summary' }] }] }],
  ['a container_upload block', { messages: [{ role: 'user', content: [{ type: 'text', text: 'Analyze this data.' }, { type: 'container_upload', file_id: 'file-1' }] }] }],
  ['text with citations', { messages: [user, { role: 'assistant', content: [{ type: 'text', text: 'Paris.', citations: [{ type: 'char_location', cited_text: 'Paris', document_index: 0, start_char_index: 0, end_char_index: 5 }] }] }] }],
  ['stop_sequences', { max_tokens: 10, stop_sequences: ['END'], messages: [user] }],
];

describe('detection by evidence', () => {
  it.each(ANTHROPIC_ONLY_BY)('detects Anthropic by %s', (_mark, json) => {
    expect(detectCodec(json)?.id).toBe('anthropic');
  });

  it.each(ANTHROPIC_ONLY_BY)('keeps what it detected by (%s) through a round trip', (_mark, json) => {
    const codec = findCodec('anthropic');
    const decoded = codec?.decode(json);
    expect(decoded?.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(codec?.encode(decoded?.record as Conversation).json).toEqual(json);
  });

  it('reads Hugging Face image parts (Qwen2.5-VL) as the OpenAI-style messages they are, not as Anthropic', () => {
    const qwenVl = { messages: [{ role: 'user', content: [{ type: 'image', image: 'https://example.com/demo.jpeg' }, { type: 'text', text: 'Describe this image.' }] }], add_generation_prompt: true };
    const placeholder = { messages: [{ role: 'user', content: [{ type: 'image' }, { type: 'text', text: 'What is this?' }] }, { role: 'assistant', content: [{ type: 'text', text: 'A cat.' }] }] };
    for (const json of [qwenVl, placeholder]) {
      expect(detectCodec(json)?.id).toBe('openai-chat');
      const reading = chooseDialect(json);
      expect(reading?.decoded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(reading?.codec.encode(reading.decoded.record as Conversation).json).toEqual(json);
    }
  });

  it('reads a Hugging Face image with a URL as an image, which other dialects then write as theirs', () => {
    const json = { messages: [{ role: 'user', content: [{ type: 'image', image: 'https://example.com/demo.jpeg' }, { type: 'text', text: 'Describe this image.' }] }] };
    const record = findCodec('openai-chat')?.decode(json).record as Conversation;
    const content = record.messages[0]?.content;
    expect(content?.type === 'parts' ? content.parts.map((p) => [p.type, 'url' in p ? p.url : undefined]) : []).toEqual([
      ['image', 'https://example.com/demo.jpeg'],
      ['text', undefined],
    ]);
    const anthropic = findCodec('anthropic')?.encode(record);
    expect(anthropic?.diagnostics).toEqual([]);
    expect(anthropic?.json).toEqual({ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/demo.jpeg' } }, { type: 'text', text: 'Describe this image.' }] }] });
  });

  it('still reads an Anthropic image (with a source) as Anthropic, and says what is missing from one without', () => {
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } };
    expect(detectCodec({ messages: [{ role: 'user', content: [image, { type: 'text', text: 'What is it?' }] }] })?.id).toBe('anthropic');
    // With another Anthropic mark, an image without a source is a broken Anthropic image: the decoder says so.
    const broken = { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'image' }] }] };
    expect(detectCodec(broken)?.id).toBe('anthropic');
    expect(findCodec('anthropic')?.decode(broken).diagnostics.map((d) => d.message)).toContain('messages[0].content[0].source: missing; expected an object');
  });

  it('takes a Claude model as a hint for plain messages, and says that the others fit as well', () => {
    const json = { max_tokens: 4000, messages: [user, { role: 'user', content: 'Go on.' }], model: 'claude-sonnet-4-5' };
    const reading = chooseDialect(json);
    expect(reading?.codec.id).toBe('anthropic');
    expect(reading?.note).toBe('OpenAI Chat Completions and Apertus JSON fit it as well (nothing in it marks one dialect); read as Anthropic Messages because the model is a Claude model ("claude-sonnet-4-5")');
  });

  it('says which dialects fit plain messages equally, and why one was chosen', () => {
    const reading = chooseDialect({ messages: [user, { role: 'assistant', content: 'Hello.' }] });
    expect(reading?.codec.id).toBe('openai-chat');
    expect(reading?.note).toBe(
      "Apertus JSON and Anthropic Messages fit it as well (nothing in it marks one dialect); read as OpenAI Chat Completions, the most common writer of such messages",
    );
  });

  it('says nothing more when the chosen dialect has a mark of its own, or was named', () => {
    expect(chooseDialect({ system: 'x', messages: [user] })?.note).toBeUndefined();
    expect(chooseDialect({ messages: [user, { role: 'tool', tool_call_id: 'c', content: '1' }] })?.note).toBeUndefined();
    expect(chooseDialect({ messages: [user] }, { override: findCodec('anthropic') })?.note).toBeUndefined();
  });
});
