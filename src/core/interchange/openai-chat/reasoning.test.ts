/**
 * Reasoning keys on OpenAI-style assistant messages (issue 22): `reasoning_content` (vLLM,
 * DeepSeek, Qwen3), `reasoning` (vLLM, OpenRouter) and `thinking` (the gpt-oss template, trl)
 * are read as thoughts and written back under the key they came from, byte for byte through the
 * dataset writer; rendered to Apertus they are its thoughts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecordText } from '../../dataset/record-decode.ts';
import { encodeRecordLine } from '../../dataset/record-encode.ts';
import { findFormat } from '../../formats/registry.ts';
import type { Conversation, ThoughtsBlock } from '../../model/types.ts';
import { openAiChatCodec } from './index.ts';

const KEYS = ['reasoning_content', 'reasoning', 'thinking'] as const;
const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Bern"}' } };

/** The content forms an assistant message with reasoning has in the wild; `absent` leaves the key out. */
const CONTENTS: [string, unknown][] = [
  ['a string', 'It is blue.'],
  ['an empty string', ''],
  ['null', null],
  ['absent', undefined],
  ['text parts', [{ type: 'text', text: 'It is ' }, { type: 'text', text: 'blue.' }]],
];

function assistant(key: string, content: unknown, more: Record<string, unknown> = {}): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant' };
  if (content !== undefined) message.content = content;
  message[key] = 'The sky scatters blue light.';
  return { ...message, ...more };
}

function decode(json: unknown): Conversation {
  const { record, diagnostics } = openAiChatCodec.decode(json);
  expect(diagnostics).toEqual([]);
  return record as Conversation;
}

describe('reasoning keys in OpenAI Chat Completions', () => {
  it.each(KEYS)('reads %s on an assistant message as a thoughts block before the answer', (key) => {
    const record = decode({ messages: [{ role: 'user', content: 'What color is the sky?' }, assistant(key, 'It is blue.')] });
    const content = record.messages[1]?.content;
    expect(content?.type).toBe('blocks');
    const blocks = content?.type === 'blocks' ? content.blocks : [];
    expect(blocks.map((b) => [b.type, 'text' in b ? b.text : undefined])).toEqual([
      ['thoughts', 'The sky scatters blue light.'],
      ['response', 'It is blue.'],
    ]);
  });

  for (const key of KEYS) {
    it.each(CONTENTS)(`writes ${key} back under its own key, content %s, with and without calls`, (_what, content) => {
      for (const more of [{}, { tool_calls: [call] }, { tool_calls: [] }, { name: 'bot', x_meta: { a: 1 } }]) {
        const json = { messages: [{ role: 'user', content: 'Weather?' }, assistant(key, content, more)] };
        const { json: written, diagnostics } = openAiChatCodec.encode(decode(json));
        expect(diagnostics).toEqual([]);
        expect(written).toEqual(json);
      }
    });
  }

  it('keeps a second reasoning key as it is, beside the one read as thoughts (vLLM writes both)', () => {
    const json = { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.', reasoning_content: 'Greet back.', reasoning: 'Greet back.' }] };
    const record = decode(json);
    expect(record.messages[1]?.extra).toEqual({ reasoning: 'Greet back.' });
    expect(openAiChatCodec.encode(record).json).toEqual(json);
  });

  it('leaves reasoning keys of other roles, and values that are not text, as unknown fields', () => {
    const json = { messages: [{ role: 'user', content: 'Hi', reasoning: 'not a thought' }, { role: 'assistant', content: 'Hello.', reasoning: { effort: 'high' } }] };
    const record = decode(json);
    expect(record.messages.map((m) => m.content?.type)).toEqual(['text', 'text']);
    expect(openAiChatCodec.encode(record).json).toEqual(json);
  });

  it('writes an edited thought under the key it came from', () => {
    const record = decode({ messages: [{ role: 'user', content: 'Hi' }, assistant('thinking', 'Hello.')] });
    const content = record.messages[1]?.content;
    if (content?.type !== 'blocks') throw new Error('expected blocks');
    (content.blocks[0] as ThoughtsBlock).text = 'Be kind.';
    expect(openAiChatCodec.encode(record).json).toEqual({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.', thinking: 'Be kind.' }] });
  });

  it('still reports thoughts of other dialects as lost: Chat Completions itself has no reasoning field', () => {
    const anthropicThoughts = decode({ messages: [{ role: 'user', content: 'Hi' }] });
    anthropicThoughts.messages.push({ id: 'm', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b', type: 'thoughts', text: 'Hmm.' }, { id: 'r', type: 'response', text: 'Hello.' }] } });
    const { json, diagnostics } = openAiChatCodec.encode(anthropicThoughts);
    expect(json).toEqual({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] });
    expect(diagnostics.map((d) => d.message)).toEqual(['lost in conversion: the reasoning (thoughts) at messages[1].content.blocks[0] (OpenAI Chat Completions has no reasoning field)']);
  });

  it.each(KEYS)('renders %s to Apertus as its thoughts, with nothing lost', (key) => {
    const record = decode({ messages: [{ role: 'user', content: 'What color is the sky?' }, assistant(key, 'It is blue.')] });
    const rendered = findFormat('apertus')?.render(record, { date: '2026-01-01' });
    expect(rendered?.text).toContain('<|inner_prefix|>The sky scatters blue light.<|inner_suffix|>It is blue.');
    expect(rendered?.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});

/** Any JSON string as `JSON.stringify` writes it. */
const text = fc.string({ unit: 'grapheme', maxLength: 10 });

describe('reasoning keys through the dataset writer', () => {
  it('a line with a reasoning key is written back byte for byte, and after an edit of the thought only the thought changes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), fc.constantFrom(...CONTENTS.map(([, c]) => c)), fc.boolean(), fc.boolean(), text, text, (key, content, reasoningFirst, calls, thought, edited) => {
        const message: Record<string, unknown> = { role: 'assistant' };
        if (reasoningFirst) message[key] = thought;
        if (content !== undefined) message.content = content;
        if (!reasoningFirst) message[key] = thought;
        if (calls) message.tool_calls = [call];
        const line = (m: Record<string, unknown>) => JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }, m], temperature: 0.5 });
        const before = line(message);
        const read = decodeRecordText(before, 1);
        if (!read.ok) throw new Error(read.message);
        expect(read.dialect).toBe('openai-chat');
        expect(encodeRecordLine(read.record, read.dialect, read.json, read.text).text).toBe(before);
        const record = structuredClone(read.record) as Conversation;
        const blocks = record.messages[1]?.content;
        if (blocks?.type !== 'blocks') throw new Error('expected blocks');
        (blocks.blocks[0] as ThoughtsBlock).text = edited;
        expect(encodeRecordLine(record, read.dialect, read.json, read.text).text).toBe(line({ ...message, [key]: edited }));
      }),
      { numRuns: 200 },
    );
  });
});
