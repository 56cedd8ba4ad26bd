/**
 * Fields one dialect's reader keeps (`extra`, raw blocks and parts) are written back only to
 * that dialect; another writes those with a documented equivalent under its own name and
 * reports the rest as lost. The expected JSON follows the API references: Anthropic has no
 * image `detail` and no `refusal`; Responses has no `redacted_thinking` item, no `signature`
 * on reasoning, no `cache_control`, and calls `max_tokens` `max_output_tokens`; an Anthropic
 * `thinking` block has only `thinking` and `signature`.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { Conversation } from '../model/types.ts';
import { anthropicCodec } from './anthropic/index.ts';
import { apertusJsonCodec } from './apertus-json/index.ts';
import { chatCompletionCodec } from './chat-completion/index.ts';
import { LOST_CODE } from '../shared/lost-in-conversion.ts';
import { openAiChatCodec } from './openai-chat/index.ts';
import { openAiResponsesCodec } from './openai-responses/index.ts';
import { shareGptCodec } from './sharegpt/index.ts';
import type { InterchangeCodec } from './types.ts';

function convert(from: InterchangeCodec, to: InterchangeCodec, doc: unknown): { json: unknown; lost: [string, string][] } {
  const decoded = from.decode(doc);
  expect(decoded.diagnostics).toEqual([]);
  const { json, diagnostics } = to.encode(decoded.record as Conversation);
  return { json, lost: lostOf(diagnostics) };
}

/** [path, message] of each loss. */
function lostOf(diagnostics: Diagnostic[]): [string, string][] {
  return diagnostics.filter((d) => d.code === LOST_CODE).map((d) => [JSON.stringify(d.path), d.message]);
}

describe('OpenAI Chat Completions → Anthropic', () => {
  const doc = {
    model: 'gpt-4.1',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } }] },
      { role: 'assistant', content: 'A cat.', refusal: null },
    ],
  };

  it('writes no image_url.detail in the image block and no refusal on the message, and reports both', () => {
    const { json, lost } = convert(openAiChatCodec, anthropicCodec, doc);
    expect(json).toEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } }] },
        { role: 'assistant', content: 'A cat.' },
      ],
    });
    expect(lost).toEqual([
      ['["messages",0,"content","parts",1,"extra"]', 'lost in conversion: the field "image_url.detail" at messages[0].content.parts[1].extra (from OpenAI Chat Completions; Anthropic Messages has no equivalent)'],
      ['["messages",1,"extra"]', 'lost in conversion: the field "refusal" at messages[1].extra (from OpenAI Chat Completions; Anthropic Messages has no equivalent)'],
    ]);
  });

  it('maps request parameters that Anthropic has under another name or shape', () => {
    const { json, lost } = convert(openAiChatCodec, anthropicCodec, { model: 'gpt-4.1', max_completion_tokens: 300, stop: 'END', tool_choice: 'required', seed: 7, messages: [{ role: 'user', content: 'hi' }] });
    expect(json).toEqual({ model: 'gpt-4.1', max_tokens: 300, stop_sequences: ['END'], tool_choice: { type: 'any' }, messages: [{ role: 'user', content: 'hi' }] });
    expect(lost.map(([, m]) => m)).toEqual(['lost in conversion: the field "seed" at extra (from OpenAI Chat Completions; Anthropic Messages has no equivalent)']);
  });

  it('leaves out a part type Anthropic does not have, instead of writing it raw', () => {
    const audio = { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } };
    const { json, lost } = convert(openAiChatCodec, anthropicCodec, { messages: [{ role: 'user', content: [{ type: 'text', text: 'Listen.' }, audio] }] });
    expect(json).toEqual({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Listen.' }] }] });
    expect(lost.map(([, m]) => m)).toEqual(['lost in conversion: a part of type "input_audio" at messages[0].content.parts[1] (from OpenAI Chat Completions; Anthropic Messages has no equivalent)']);
  });
});

describe('Anthropic → OpenAI Responses', () => {
  const doc = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Call the tool.', signature: 'c2lnbmF0dXJl' },
          { type: 'redacted_thinking', data: 'ZGF0YQ==' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '14°C' }] },
    ],
  };

  it('writes max_output_tokens, and no redacted_thinking item, signature or cache_control', () => {
    const { json, lost } = convert(anthropicCodec, openAiResponsesCodec, doc);
    expect(json).toEqual({
      model: 'claude-sonnet-4-5',
      max_output_tokens: 1024,
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Call the tool.' }] },
        { type: 'function_call', call_id: 'toolu_1', name: 'get_weather', arguments: '{"city": "Paris"}' },
        { type: 'function_call_output', call_id: 'toolu_1', output: '14°C' },
      ],
    });
    expect(lost).toEqual([
      ['["messages",0,"extra"]', 'lost in conversion: the field "cache_control" at messages[0].extra (from Anthropic Messages; OpenAI Responses has no equivalent)'],
      ['["messages",2,"content","blocks",0,"extra"]', 'lost in conversion: the field "signature" at messages[2].content.blocks[0].extra (from Anthropic Messages; OpenAI Responses has no equivalent)'],
      ['["messages",2,"content","blocks",1]', 'lost in conversion: a block of type "redacted_thinking" at messages[2].content.blocks[1] (from Anthropic Messages; OpenAI Responses has no equivalent)'],
    ]);
  });

  it('keeps the thinking signature where it has an equivalent (spec 002, as Ailoy keeps it beside reasoning)', () => {
    const { json } = convert(anthropicCodec, chatCompletionCodec, { messages: [{ role: 'assistant', content: [{ type: 'thinking', thinking: 'Hm.', signature: 'c2ln' }, { type: 'text', text: 'Hi.' }] }] });
    expect(json).toEqual({ messages: [{ role: 'assistant', reasoning: 'Hm.', contents: [{ type: 'text', text: 'Hi.' }], signature: 'c2ln' }] });
  });
});

describe('OpenAI Responses → Anthropic', () => {
  it('writes a thinking block without the reasoning item id and encrypted content, and reports them', () => {
    const doc = {
      model: 'o4-mini',
      max_output_tokens: 500,
      input: [
        { role: 'user', content: 'What is 17 * 23?' },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: '17 * 23 = 391.' }], encrypted_content: 'gAAAA' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '391' }] },
      ],
    };
    const { json, lost } = convert(openAiResponsesCodec, anthropicCodec, doc);
    expect(json).toEqual({
      model: 'o4-mini',
      max_tokens: 500,
      messages: [
        { role: 'user', content: 'What is 17 * 23?' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: '17 * 23 = 391.' }, { type: 'text', text: '391' }] },
      ],
    });
    expect(lost.map(([, m]) => m)).toEqual(['lost in conversion: the fields "id", "encrypted_content" at messages[1].content.blocks[0].extra (from OpenAI Responses; Anthropic Messages has no equivalent)']);
  });
});

describe('between the two OpenAI APIs', () => {
  it('maps image detail, strict, max tokens and the tool choice both ways with no loss', () => {
    const chat = {
      model: 'gpt-4.1',
      max_completion_tokens: 50,
      tool_choice: { type: 'function', function: { name: 'f' } },
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } }] }],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' }, strict: true } }],
    };
    const responses = {
      model: 'gpt-4.1',
      max_output_tokens: 50,
      tool_choice: { type: 'function', name: 'f' },
      input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' }] }],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true }],
    };
    expect(convert(openAiChatCodec, openAiResponsesCodec, chat)).toEqual({ json: responses, lost: [] });
    expect(convert(openAiResponsesCodec, openAiChatCodec, responses)).toEqual({ json: chat, lost: [] });
  });

  it('keeps a refusal part, which both APIs have', () => {
    const refusal = { type: 'refusal', refusal: 'I cannot help with that.' };
    const { json, lost } = convert(openAiChatCodec, openAiResponsesCodec, { messages: [{ role: 'assistant', content: [refusal] }] });
    expect(json).toEqual({ input: [{ type: 'message', role: 'assistant', content: [refusal] }] });
    expect(lost).toEqual([]);
  });
});

describe('ShareGPT and unknown origins', () => {
  it('reports ShareGPT turn and record fields in another dialect instead of writing them', () => {
    const { json, lost } = convert(shareGptCodec, openAiChatCodec, { id: 'rec-1', conversations: [{ from: 'human', value: 'hi', weight: 0 }, { from: 'gpt', value: 'hello', weight: 1 }] });
    expect(json).toEqual({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] });
    expect(lost.map(([path]) => path)).toEqual(['["messages",0,"extra"]', '["messages",1,"extra"]', '["extra"]']);
  });

  it('writes fields of no known dialect (built in the app) as they are', () => {
    const record: Conversation = { kind: 'chat', tools: [], messages: [{ id: 'm', role: 'user', content: { type: 'text', text: 'hi' }, extra: { x_note: 1 } }], extra: { x_batch: 'a' } };
    expect(anthropicCodec.encode(record)).toEqual({ json: { x_batch: 'a', messages: [{ role: 'user', content: 'hi', x_note: 1 }] }, diagnostics: [] });
  });
});

describe('Apertus JSON → other dialects', () => {
  // Apertus JSON keeps unknown keys of messages and of the top level (spec 000 has no `mood`).
  const doc = { messages: [{ role: 'user', content: 'Hi', mood: 'curious' }], seed: 3 };

  it('reports the unknown fields instead of copying them into Anthropic or OpenAI requests', () => {
    for (const target of [anthropicCodec, openAiChatCodec]) {
      const { json, lost } = convert(apertusJsonCodec, target, doc);
      expect(json).toEqual({ messages: [{ role: 'user', content: 'Hi' }] });
      expect(lost.map(([path]) => path)).toEqual(['["messages",0,"extra"]', '["extra"]']);
    }
  });

  it('writes them back to Apertus JSON', () => {
    expect(convert(apertusJsonCodec, apertusJsonCodec, doc)).toEqual({ json: doc, lost: [] });
  });
});
