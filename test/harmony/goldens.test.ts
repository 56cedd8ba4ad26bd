/**
 * Byte-identical to every text expectation of openai/harmony's test-data
 * (../shared/reference/harmony/test-data, compared after removing trailing whitespace as its
 * tests do). Each record is the input of the openai/harmony test that loads the file
 * (src/tests.rs or tests/test_harmony.py, v0.0.8), named beside it; openai/harmony's
 * `SystemContent` becomes the options, its `DeveloperContent` the first message and the tools.
 * The two files of token ids (test_simple_tool_call, test_simple_reasoning_response) are for a
 * token view, not text.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage, toolDefinition } from '../../src/core/model/builders.ts';
import type { Message, ToolDefinition } from '../../src/core/model/types.ts';
import type { HarmonyOptions } from '../../src/core/formats/harmony/options.ts';
import { parseHarmony } from '../../src/core/formats/harmony/parse.ts';
import { renderHarmony } from '../../src/core/formats/harmony/render.ts';
import { expectedText, harmonyAvailable, SKIP_REASON } from './reference.ts';

/** `render_conversation_for_completion(convo, Role::Assistant, None)`: the system message as given, a generation prompt. */
const COMPLETION: Partial<HarmonyOptions> = { addGenerationPrompt: true, returnToken: false };
/** `SystemContent::new()` with no date, as most tests build it. */
const SYSTEM: Partial<HarmonyOptions> = { ...COMPLETION, systemMessage: true };
const NO_SYSTEM: Partial<HarmonyOptions> = { ...COMPLETION, systemMessage: false };

const WEATHER_PARAMETERS = {
  type: 'object',
  properties: {
    location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
    format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
  },
  required: ['location'],
};

const FUNCTIONS_WITH_PARAMETERS = (): ToolDefinition[] => [
  toolDefinition('get_location', 'Gets the location of the user.'),
  toolDefinition('get_current_weather', 'Gets the current weather in the provided location.', WEATHER_PARAMETERS),
  toolDefinition('get_multiple_weathers', 'Gets the current weather in the provided list of locations.', {
    type: 'object',
    properties: {
      locations: { type: 'array', items: { type: 'string' }, description: 'List of city and state, e.g. ["San Francisco, CA", "New York, NY"]' },
      format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    },
    required: ['locations'],
  }),
  toolDefinition('kitchensink', 'A function with various complex schemas.', {
    description: 'params object',
    type: 'object',
    properties: {
      string: { type: 'string', title: 'STRING', description: 'A string', examples: ['hello', 'world'] },
      string_nullable: { type: 'string', nullable: true, description: 'A nullable string', default: 'the default' },
      string_enum: { type: 'string', enum: ['a', 'b', 'c'] },
      oneof_string_or_number: {
        oneOf: [
          { type: 'string', default: 'default_string_in_oneof' },
          { type: 'number', description: 'numbers can happen too' },
        ],
        description: 'a oneof',
        default: 20,
      },
    },
  }),
];

interface Case {
  file: string;
  /** The openai/harmony test the input comes from. */
  source: string;
  messages: () => Message[];
  tools?: () => ToolDefinition[];
  options: Partial<HarmonyOptions>;
}

const CAPITAL = 'What is the capital of the largest country in the world?';
const ROBOT = "Answer the user's questions like a robot.";

const effortCase = (effort: HarmonyOptions['reasoningEffort'], instruction: boolean): Case => ({
  file: `test_simple_convo_${effort}_effort${instruction ? '' : '_no_instruction'}.txt`,
  source: 'src/tests.rs test_simple_convo_with_effort',
  messages: () => [...(instruction ? [textMessage('developer', ROBOT)] : []), textMessage('user', CAPITAL)],
  options: { ...SYSTEM, reasoningEffort: effort },
});

const CASES: Case[] = [
  { file: 'test_simple_convo.txt', source: 'src/tests.rs test_simple_convo', messages: () => [textMessage('user', 'What is 2 + 2?')], options: SYSTEM },
  ...(['low', 'medium', 'high'] as const).flatMap((effort) => [effortCase(effort, true), effortCase(effort, false)]),
  {
    file: 'test_reasoning_system_message.txt',
    source: 'src/tests.rs test_reasoning_system_message',
    messages: () => [textMessage('user', 'What is 2 + 2?')],
    options: { ...SYSTEM, validChannels: 'analysis, final' },
  },
  {
    file: 'test_reasoning_system_message_no_instruction.txt',
    source: 'src/tests.rs test_reasoning_system_message_no_instruction',
    messages: () => [textMessage('user', 'What is the best place to eat candy in the world?')],
    options: { ...SYSTEM, reasoningEffort: 'high', validChannels: 'analysis, final' },
  },
  {
    file: 'test_reasoning_system_message_with_dates.txt',
    source: 'src/tests.rs test_reasoning_system_message_with_dates',
    messages: () => [textMessage('user', 'What is 42 * pi?')],
    options: { ...SYSTEM, date: '2021-01-01', knowledgeCutoff: '2021-01', validChannels: 'analysis, final' },
  },
  {
    file: 'test_render_functions_with_parameters.txt',
    source: 'src/tests.rs test_render_functions_with_parameters',
    messages: () => [textMessage('developer', 'Always respond in riddles'), textMessage('user', 'What is the weather like in SF?')],
    tools: FUNCTIONS_WITH_PARAMETERS,
    options: { ...SYSTEM, reasoningEffort: 'high', date: '2025-06-28' },
  },
  { file: 'test_no_tools.txt', source: 'tests/test_harmony.py test_no_tools', messages: () => [], options: { ...SYSTEM, date: '2025-06-28' } },
  { file: 'test_browser_tool_only.txt', source: 'tests/test_harmony.py test_browser_tool_only', messages: () => [], options: { ...SYSTEM, date: '2025-06-28', browserTool: true } },
  { file: 'test_browser_and_python_tool.txt', source: 'src/tests.rs test_browser_and_python_tool', messages: () => [], options: { ...SYSTEM, date: '2025-06-28', browserTool: true, pythonTool: true } },
  {
    file: 'test_browser_and_function_tool.txt',
    source: 'tests/test_harmony.py test_browser_and_function_tool',
    messages: () => [],
    tools: () => [
      toolDefinition('lookup_weather', "Use this tool to lookup the weather in a given location. Call it with the parameter 'location', can be any textual description of a location.", {
        type: 'object',
        properties: { location: { type: 'string' } },
        required: ['location'],
      }),
    ],
    options: { ...SYSTEM, date: '2025-06-28', browserTool: true },
  },
  {
    file: 'test_dropping_cot_by_default.txt',
    source: 'src/tests.rs test_dropping_cot_by_default',
    messages: () => [
      textMessage('user', 'What is 2 + 2?'),
      textMessage('assistant', 'User asks: “What is 2 + 2?” Simple arithmetic. Provide answer.', { channel: 'analysis' }),
      textMessage('assistant', '2 + 2 equals 4.', { channel: 'final' }),
      textMessage('user', 'What about 9 / 2?'),
    ],
    options: NO_SYSTEM,
  },
  {
    file: 'test_preserve_cot.txt',
    source: 'src/tests.rs test_preserve_cot (auto_drop_analysis: false)',
    messages: () => [
      textMessage('user', 'What is 2 + 2?'),
      textMessage('assistant', 'User asks a simple question: "What is 2 + 2?" The answer: 4.', { channel: 'analysis' }),
      textMessage('assistant', '2 + 2 equals 4.', { channel: 'final' }),
      textMessage('user', 'What about 9 / 2?'),
    ],
    options: { ...NO_SYSTEM, keepAnalysis: true },
  },
  {
    file: 'test_does_not_drop_if_ongoing_analysis.txt',
    source: 'src/tests.rs test_does_not_drop_if_ongoing_analysis',
    messages: () => [
      textMessage('user', 'What is the weather in SF?'),
      textMessage('assistant', 'User asks: “What is the weather in SF?” We need to use lookup_weather tool.', { channel: 'analysis' }),
      textMessage('assistant', '{"location": "San Francisco"}', { channel: 'commentary', recipient: 'functions.lookup_weather', contentType: '<|constrain|>json' }),
      // Author::new(Role::Tool, "functions.lookup_weather"), no channel, no recipient.
      textMessage('tool', '{"temperature": 20, "description": "sunny"}', { name: 'lookup_weather', channel: null, recipient: null }),
    ],
    options: NO_SYSTEM,
  },
  {
    file: 'test_keep_analysis_between_finals.txt',
    source: 'tests/test_harmony.py test_keep_analysis_between_final_messages (render_conversation)',
    messages: () => [
      textMessage('user', 'What is 2 + 2?'),
      textMessage('assistant', 'thinking 2+2', { channel: 'analysis' }),
      textMessage('assistant', '4', { channel: 'final' }),
      textMessage('user', 'What is 3 + 5?'),
      textMessage('assistant', 'thinking 3+5', { channel: 'analysis' }),
      textMessage('assistant', '8', { channel: 'final' }),
    ],
    options: { systemMessage: false, addGenerationPrompt: false, returnToken: false },
  },
];

describe.skipIf(!harmonyAvailable)('harmony renders every text expectation of openai/harmony byte for byte', () => {
  it.each(CASES.map((c) => [c.file, c] as const))('%s', (_file, c) => {
    const record = conversation(c.messages(), c.tools?.() ?? []);
    const rendered = renderHarmony(record, c.options);
    expect(rendered.text).toBe(expectedText(c.file));
    expect(rendered.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it.each(CASES.map((c) => [c.file, c] as const))('reads %s back to a record and options that render it again', (_file, c) => {
    const text = expectedText(c.file);
    const parsed = parseHarmony(text);
    // Only the kitchensink declarations are kept as text (an info says so); nothing reads differently.
    const problems = parsed.diagnostics.filter((d) => d.severity !== 'info' || d.code === 'harmony/renders-differently');
    expect(problems).toEqual([]);
    expect(parsed.diagnostics.length > 0).toBe(c.file === 'test_render_functions_with_parameters.txt');
    expect(renderHarmony(parsed.record, parsed.options).text).toBe(text);
  });
});

if (!harmonyAvailable) describe.skip(SKIP_REASON, () => it('skipped', () => undefined));
