/**
 * Parley's harmony against the gpt-oss chat template (rendered with `@huggingface/jinja`):
 * the same text on conversations where the template and openai/harmony agree, and exactly the
 * known differences where they do not (docs/formats.md, 'Harmony: the gpt-oss chat template'):
 * 1. an enum parameter's default: the template writes `// default: celsius,`, harmony
 *    `// default: celsius` (the reference's known difference);
 * 2. instructions without tools: the template leaves a blank line before `<|end|>`;
 * 3. a tool call's content type: the template writes `json`, harmony's documents
 *    `<|constrain|>json` (a message's own content type can say `json`, and then they agree);
 * 4. parameters that are an object with no properties: the template writes `() => any`,
 *    harmony `(_: {\n}) => any`;
 * 5. text before a call in the same turn: the template writes it on analysis, harmony's guide
 *    as a preamble on commentary.
 * Inputs on the template side are Hugging Face chat messages; tool results are JSON objects,
 * because the template writes `content|tojson`.
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition } from '../../src/core/model/builders.ts';
import type { Conversation } from '../../src/core/model/types.ts';
import type { HarmonyOptions } from '../../src/core/formats/harmony/options.ts';
import { renderHarmony } from '../../src/core/formats/harmony/render.ts';
import { harmonyAvailable, SKIP_REASON } from './reference.ts';
import { renderGptOss } from './template.ts';

const DATE = '2025-06-28';
const WEATHER = { type: 'object', properties: { location: { type: 'string', description: 'The city' }, days: { type: 'integer' } }, required: ['location'] };
const hfTool = (name: string, description: string, parameters: unknown) => ({ type: 'function', function: { name, description, parameters } });

interface Case {
  name: string;
  template: Record<string, unknown>;
  record: () => Conversation;
  options?: Partial<HarmonyOptions>;
}

const AGREEING: Case[] = [
  {
    name: 'a user question with function tools, for completion',
    template: { messages: [{ role: 'user', content: 'Weather in Bern?' }], tools: [hfTool('get_weather', 'Gets the weather.', WEATHER)], add_generation_prompt: true },
    record: () => conversation([textMessage('user', 'Weather in Bern?')], [toolDefinition('get_weather', 'Gets the weather.', WEATHER)]),
    options: { addGenerationPrompt: true },
  },
  {
    name: 'instructions with tools, reasoning high, built-in browser and python, another identity',
    template: {
      messages: [{ role: 'developer', content: 'Answer in French.' }, { role: 'user', content: 'Bonjour' }],
      tools: [{ type: 'function', function: { name: 'get_time', description: 'Current time.' } }],
      builtin_tools: ['browser', 'python'],
      reasoning_effort: 'high',
      model_identity: 'You are Ada.',
      add_generation_prompt: true,
    },
    record: () => conversation([textMessage('developer', 'Answer in French.'), textMessage('user', 'Bonjour')], [toolDefinition('get_time', 'Current time.')]),
    options: { addGenerationPrompt: true, reasoningEffort: 'high', modelIdentity: 'You are Ada.', browserTool: true, pythonTool: true },
  },
  {
    name: 'a training example: thinking and answer, ending with <|return|>',
    template: { messages: [{ role: 'user', content: 'What is 2 + 2?' }, { role: 'assistant', thinking: 'Simple arithmetic.', content: '4.' }] },
    record: () => conversation([textMessage('user', 'What is 2 + 2?'), blocksMessage([thoughts('Simple arithmetic.'), response('4.')])]),
    // The template keeps the last turn's thinking; openai/harmony drops analysis before the first final.
    options: { keepAnalysis: true },
  },
  {
    name: 'two turns: the first turn’s thinking is dropped by both',
    template: {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', thinking: 'Greet back.', content: 'Hello!' },
        { role: 'user', content: 'How are you?' },
      ],
      add_generation_prompt: true,
    },
    record: () => conversation([textMessage('user', 'Hi'), blocksMessage([thoughts('Greet back.'), response('Hello!')]), textMessage('user', 'How are you?')]),
    options: { addGenerationPrompt: true },
  },
  {
    name: 'a tool call (content type json, as the message says) and its result',
    template: {
      messages: [
        { role: 'user', content: 'Weather in Bern?' },
        { role: 'assistant', thinking: 'Need the weather tool.', tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: { location: 'Bern' } } }] },
        { role: 'tool', content: { temperature: 20, sunny: true } },
      ],
      tools: [hfTool('get_weather', 'Gets the weather.', WEATHER)],
      add_generation_prompt: true,
    },
    record: () =>
      conversation(
        [
          textMessage('user', 'Weather in Bern?'),
          textMessage('assistant', 'Need the weather tool.', { channel: 'analysis' }),
          textMessage('assistant', '{"location": "Bern"}', { channel: 'commentary', recipient: 'functions.get_weather', contentType: 'json' }),
          textMessage('tool', '{"temperature": 20, "sunny": true}', { name: 'get_weather' }),
        ],
        [toolDefinition('get_weather', 'Gets the weather.', WEATHER)],
      ),
    options: { addGenerationPrompt: true },
  },
];

describe.skipIf(!harmonyAvailable)('harmony and the gpt-oss chat template', () => {
  it.each(AGREEING.map((c) => [c.name, c] as const))('render the same text: %s', (_name, c) => {
    expect(renderHarmony(c.record(), { date: DATE, ...c.options }).text).toBe(renderGptOss(c.template, DATE));
  });

  it('differ only in the comma after an enum default (`// default: celsius,`)', () => {
    const parameters = { type: 'object', properties: { location: { type: 'string' }, format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } }, required: ['location'] };
    const parley = renderHarmony(conversation([textMessage('user', 'Weather?')], [toolDefinition('get_weather', 'Gets the weather.', parameters)]), { date: DATE, addGenerationPrompt: true }).text;
    const template = renderGptOss({ messages: [{ role: 'user', content: 'Weather?' }], tools: [hfTool('get_weather', 'Gets the weather.', parameters)], add_generation_prompt: true }, DATE);
    expect(parley).toContain('format?: "celsius" | "fahrenheit", // default: celsius\n');
    expect(template).not.toBe(parley);
    expect(template).toBe(parley.replace('// default: celsius\n', '// default: celsius,\n'));
  });

  it('differ only in the blank line the template leaves after instructions when there are no tools', () => {
    const parley = renderHarmony(conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Hi')]), { date: DATE, addGenerationPrompt: true }).text;
    const template = renderGptOss({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], add_generation_prompt: true }, DATE);
    expect(template).not.toBe(parley);
    expect(template).toBe(parley.replace('Be brief.<|end|>', 'Be brief.\n\n<|end|>'));
  });

  it('differ only in the content type of a call from a tool_calls block (`json` in the template, `<|constrain|>json` in harmony)', () => {
    const record = conversation([textMessage('user', 'Weather in Bern?'), blocksMessage([thoughts('Need the tool.'), toolCalls([toolCall('get_weather', '{"location": "Bern"}')])])], [toolDefinition('get_weather', 'Gets the weather.', WEATHER)]);
    const parley = renderHarmony(record, { date: DATE, addGenerationPrompt: true }).text;
    const template = renderGptOss(
      {
        messages: [{ role: 'user', content: 'Weather in Bern?' }, { role: 'assistant', thinking: 'Need the tool.', tool_calls: [{ function: { name: 'get_weather', arguments: { location: 'Bern' } } }] }],
        tools: [hfTool('get_weather', 'Gets the weather.', WEATHER)],
        add_generation_prompt: true,
      },
      DATE,
    );
    expect(template).not.toBe(parley);
    expect(template).toBe(parley.replace('<|channel|>commentary <|constrain|>json<|message|>', '<|channel|>commentary json<|message|>'));
  });

  it('differ only in the channel of text before a call: a preamble on commentary in harmony, analysis in the template', () => {
    const record = conversation(
      [textMessage('user', 'Weather in Bern?'), textMessage('assistant', 'Let me check.', { toolCalls: [toolCall('get_weather', '{"location": "Bern"}')] })],
      [toolDefinition('get_weather', 'Gets the weather.', WEATHER)],
    );
    const parley = renderHarmony(record, { date: DATE, addGenerationPrompt: true }).text;
    const template = renderGptOss(
      {
        messages: [{ role: 'user', content: 'Weather in Bern?' }, { role: 'assistant', content: 'Let me check.', tool_calls: [{ function: { name: 'get_weather', arguments: { location: 'Bern' } } }] }],
        tools: [hfTool('get_weather', 'Gets the weather.', WEATHER)],
        add_generation_prompt: true,
      },
      DATE,
    );
    expect(parley).toContain('<|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|>');
    expect(template).toBe(
      parley.replace('<|channel|>commentary<|message|>Let me check.', '<|channel|>analysis<|message|>Let me check.').replace('<|channel|>commentary <|constrain|>json<|message|>', '<|channel|>commentary json<|message|>'),
    );
  });

  it('differ only in the declaration of an object with no properties (`() => any` in the template)', () => {
    const parameters = { type: 'object', properties: {} };
    const parley = renderHarmony(conversation([textMessage('user', 'Time?')], [toolDefinition('get_time', 'Current time.', parameters)]), { date: DATE, addGenerationPrompt: true }).text;
    const template = renderGptOss({ messages: [{ role: 'user', content: 'Time?' }], tools: [hfTool('get_time', 'Current time.', parameters)], add_generation_prompt: true }, DATE);
    expect(template).not.toBe(parley);
    expect(template).toBe(parley.replace('type get_time = (_: {\n}) => any;', 'type get_time = () => any;'));
  });
});

if (!harmonyAvailable) describe.skip(SKIP_REASON, () => it('skipped', () => undefined));
