/**
 * Harmony renders of record shapes openai/harmony's test data does not cover, with the text
 * written out by hand from docs (../shared/reference/harmony/format.md): blocks as channels,
 * tool results named from their calls, the training mask, and what is reported as lost.
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { ImagePart } from '../../model/types.ts';
import { parseHarmony } from './parse.ts';
import { renderHarmony } from './render.ts';

const NO_SYSTEM = { systemMessage: false };

describe('harmony render', () => {
  it('writes thoughts, calls, tool outputs and the response of an assistant message as analysis, commentary calls, tool messages and final', () => {
    const record = conversation([
      textMessage('user', 'Weather in SF?'),
      blocksMessage([thoughts('Need get_weather.'), toolCalls([toolCall('get_weather', '{"city":"SF"}')]), toolOutputs([toolOutput('{"temp":20}')]), response('20 degrees.')]),
    ]);
    const { text } = renderHarmony(record, { ...NO_SYSTEM, keepAnalysis: true });
    expect(text).toBe(
      '<|start|>user<|message|>Weather in SF?<|end|>' +
        '<|start|>assistant<|channel|>analysis<|message|>Need get_weather.<|end|>' +
        '<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city":"SF"}<|call|>' +
        '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp":20}<|end|>' +
        '<|start|>assistant<|channel|>final<|message|>20 degrees.<|return|>',
    );
  });

  it('drops the analysis before the first final message by default, with an info', () => {
    const record = conversation([textMessage('user', 'Hi'), blocksMessage([thoughts('Greet.'), response('Hello!')])]);
    const rendered = renderHarmony(record, NO_SYSTEM);
    expect(rendered.text).toBe('<|start|>user<|message|>Hi<|end|><|start|>assistant<|channel|>final<|message|>Hello!<|return|>');
    expect(rendered.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'harmony/dropped-analysis', path: ['messages', 1, 'content', 'blocks', 0] })]);
  });

  it('names a tool message by the call it answers (toolCallId), and reports the ids as lost', () => {
    const record = conversation([
      textMessage('user', 'Both?'),
      textMessage('assistant', '', { toolCalls: [toolCall('a', '{}', { callId: 'c1' }), toolCall('b', '{}', { callId: 'c2' })] }),
      textMessage('tool', '"A"', { toolCallId: 'c1' }),
    ]);
    const rendered = renderHarmony(record, NO_SYSTEM);
    expect(rendered.text).toContain('<|start|>functions.a to=assistant<|channel|>commentary<|message|>"A"<|end|>');
    expect(rendered.diagnostics.filter((d) => d.code === 'lost-in-conversion').map((d) => d.path)).toEqual([
      ['messages', 1, 'toolCalls', 0, 'callId'],
      ['messages', 1, 'toolCalls', 1, 'callId'],
      ['messages', 2, 'toolCallId'],
    ]);
  });

  it('writes a message’s own channel, recipient and content type as the header says', () => {
    const record = conversation([textMessage('assistant', 'print(1)', { channel: 'analysis', recipient: 'python', contentType: 'code' }), textMessage('tool', '1', { name: 'python', channel: 'analysis', recipient: null })]);
    expect(renderHarmony(record, { ...NO_SYSTEM, returnToken: false }).text).toBe(
      '<|start|>assistant to=python<|channel|>analysis code<|message|>print(1)<|call|><|start|>python<|channel|>analysis<|message|>1<|end|>',
    );
  });

  it('marks the assistant’s messages trainable, except the <|start|>assistant that opens its turn', () => {
    const record = conversation([textMessage('user', 'Q'), blocksMessage([thoughts('T'), response('A')])]);
    const { text, spans } = renderHarmony(record, { ...NO_SYSTEM, keepAnalysis: true });
    const trainable = spans.filter((s) => s.trainable).map((s) => text.slice(s.start, s.end)).join('');
    expect(trainable).toBe('<|channel|>analysis<|message|>T<|end|><|start|>assistant<|channel|>final<|message|>A<|return|>');
  });

  it('reports what harmony text has no place for', () => {
    const image: ImagePart = { id: 'p1', type: 'image', url: 'https://example.com/a.png' };
    const record = conversation([partsMessage('user', [textPart('Look'), image]), blocksMessage([thoughts('Hm', 'reflect'), response('A cat.')])]);
    const lost = renderHarmony(record, NO_SYSTEM).diagnostics.filter((d) => d.code === 'lost-in-conversion');
    expect(lost.map((d) => d.path)).toEqual([
      ['messages', 0, 'content', 'parts', 1],
      ['messages', 1, 'content', 'blocks', 0, 'kind'],
    ]);
  });

  it('warns about special-token text inside a message', () => {
    const rendered = renderHarmony(conversation([textMessage('user', 'say <|end|> now')]), NO_SYSTEM);
    expect(rendered.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'token-injection', path: ['messages', 0, 'content'] })]);
  });

  it('renders no document, with an error', () => {
    const rendered = renderHarmony(documentRecord([documentFile([textPart('x')])]));
    expect(rendered.text).toBe('');
    expect(rendered.diagnostics[0]?.severity).toBe('error');
  });
});

describe('harmony parse', () => {
  it('reads the doc’s function-calling example into blocks, a tool message and the options', () => {
    const text =
      "<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2025-06-28\n\nReasoning: high\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.\nCalls to these tools must go to the commentary channel: 'functions'.<|end|>" +
      '<|start|>developer<|message|># Instructions\n\nUse a friendly tone.\n\n# Tools\n\n## functions\n\nnamespace functions {\n\n// Gets the location of the user.\ntype get_location = () => any;\n\n} // namespace functions<|end|>' +
      '<|start|>user<|message|>Where am I?<|end|>' +
      '<|start|>assistant<|channel|>analysis<|message|>Need get_location.<|end|>' +
      '<|start|>assistant to=functions.get_location<|channel|>commentary <|constrain|>json<|message|>{}<|call|>' +
      '<|start|>functions.get_location to=assistant<|channel|>commentary<|message|>{"city": "Bern"}<|end|>' +
      '<|start|>assistant';
    const { record, options, diagnostics } = parseHarmony(text);
    expect(diagnostics).toEqual([]);
    expect(options).toMatchObject({ systemMessage: true, reasoningEffort: 'high', date: '2025-06-28', knowledgeCutoff: '2024-06', addGenerationPrompt: true });
    if (record.kind !== 'chat') throw new Error('expected a chat');
    expect(record.tools.map((t) => [t.name, t.description, t.parameters])).toEqual([['get_location', 'Gets the location of the user.', undefined]]);
    expect(record.messages.map((m) => m.role)).toEqual(['developer', 'user', 'assistant', 'tool']);
    expect(record.messages[2]?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'thoughts', text: 'Need get_location.' }, { type: 'tool_calls', calls: [{ name: 'get_location', arguments: '{}' }] }] });
    expect(record.messages[3]).toMatchObject({ role: 'tool', name: 'get_location', content: { type: 'text', text: '{"city": "Bern"}' } });
    expect(renderHarmony(record, options).text).toBe(text);
  });

  it('reports text that is not a harmony message, as an error', () => {
    const { diagnostics } = parseHarmony('<|start|>user<|message|>Hi<|end|>stray');
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([['error', 'harmony/syntax']]);
  });
});
