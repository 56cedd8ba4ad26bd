/**
 * Harmony channel by structure (issue 22 item 3; docs/formats.md, 'Harmony: preambles'): text
 * an assistant writes before a call in the same turn is a preamble, which openai/harmony's
 * guide puts on the commentary channel ("the model might choose to generate a preamble to
 * inform the user about the tools it is about to call… sent on the commentary channel"),
 * whatever the dialect the turn came from: an OpenAI `content` beside `tool_calls` and an
 * Anthropic text block before a `tool_use` render alike. Text after the results is the answer
 * (final); the gpt-oss chat template writes such text as analysis (a known difference).
 */
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../../interchange/anthropic/index.ts';
import { openAiChatCodec } from '../../interchange/openai-chat/index.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Conversation } from '../../model/types.ts';
import { parseHarmony } from './parse.ts';
import { renderHarmony } from './render.ts';

const OPTIONS = { systemMessage: false, keepAnalysis: true };
/** As Parley writes Anthropic's `input` object as text, so that both dialects' calls read the same. */
const WEATHER_ARGS = '{"city": "Bern"}';

const PREAMBLE =
  '<|start|>user<|message|>Weather in Bern?<|end|>' +
  '<|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|>' +
  `<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>${WEATHER_ARGS}<|call|>` +
  '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>sunny<|end|>' +
  '<|start|>assistant<|channel|>final<|message|>It is sunny.<|return|>';

describe('harmony: text before a call is a preamble on commentary, from any dialect', () => {
  it('from OpenAI Chat Completions (content beside tool_calls)', () => {
    const record = openAiChatCodec.decode({
      messages: [
        { role: 'user', content: 'Weather in Bern?' },
        { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: WEATHER_ARGS } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
        { role: 'assistant', content: 'It is sunny.' },
      ],
    }).record as Conversation;
    expect(renderHarmony(record, OPTIONS).text).toBe(PREAMBLE);
  });

  it('from Anthropic Messages (a text block before a tool_use)', () => {
    const record = anthropicCodec.decode({
      model: 'claude',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Weather in Bern?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Bern' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
        { role: 'assistant', content: 'It is sunny.' },
      ],
    }).record as Conversation;
    expect(renderHarmony(record, OPTIONS).text).toBe(PREAMBLE);
  });

  it('in one message with blocks: a response before a later call is a preamble (thoughts between too), the one after the results is final', () => {
    const record = conversation([
      textMessage('user', 'Weather in Bern?'),
      blocksMessage([thoughts('Need the tool.'), response('Let me check.'), toolCalls([toolCall('get_weather', WEATHER_ARGS)]), toolOutputs([toolOutput('sunny')]), response('It is sunny.')]),
    ]);
    expect(renderHarmony(record, OPTIONS).text).toBe(
      '<|start|>user<|message|>Weather in Bern?<|end|>' +
        '<|start|>assistant<|channel|>analysis<|message|>Need the tool.<|end|>' +
        PREAMBLE.slice(PREAMBLE.indexOf('<|start|>assistant<|channel|>commentary')),
    );
  });

  it('reads a preamble back as the response before the call, and renders the same text', () => {
    const parsed = parseHarmony(PREAMBLE);
    const assistant = (parsed.record as Conversation).messages[1];
    expect(assistant?.content?.type === 'blocks' ? assistant.content.blocks.map((b) => b.type) : assistant?.content).toEqual(['response', 'tool_calls']);
    expect(renderHarmony(parsed.record, parsed.options).text).toBe(PREAMBLE);
    expect(parsed.diagnostics).toEqual([]);
  });

  it('keeps a final message before a call as it is written (its own channel), so that it renders back the same', () => {
    const text = '<|start|>user<|message|>Q<|end|><|start|>assistant<|channel|>final<|message|>Done.<|end|>' + `<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>${WEATHER_ARGS}<|call|>`;
    const parsed = parseHarmony(text);
    expect(renderHarmony(parsed.record, parsed.options).text).toBe(text);
  });
});
