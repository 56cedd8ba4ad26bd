/**
 * Harmony (gpt-oss) examples, after the conversations of OpenAI's harmony guide
 * (github.com/openai/harmony, docs/format.md). The function-calling example renders the guide's
 * complete input but for where the call's recipient stands (test/harmony/examples.test.ts).
 */
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition } from '../../core/index.ts';
import type { Example } from './types.ts';

const source = 'OpenAI harmony guide (gpt-oss)';

const FORMAT = { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' };

/** The three functions of the guide's "Defining available tools". */
export const guideTools = () => [
  toolDefinition('get_location', 'Gets the location of the user.'),
  toolDefinition('get_current_weather', 'Gets the current weather in the provided location.', {
    type: 'object',
    properties: { location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' }, format: FORMAT },
    required: ['location'],
  }),
  toolDefinition('get_multiple_weathers', 'Gets the current weather in the provided list of locations.', {
    type: 'object',
    properties: { locations: { type: 'array', items: { type: 'string' }, description: 'List of city and state, e.g. ["San Francisco, CA", "New York, NY"]' }, format: FORMAT },
    required: ['locations'],
  }),
];

export const HARMONY_EXAMPLES: readonly Example[] = [
  {
    id: 'harmony-reasoning',
    title: 'Harmony: chain of thought and answer',
    description: 'The thoughts go to the analysis channel, the response to final, ending with <|return|> (a training target). By default harmony drops analysis before the first final message; here "Keep earlier analysis" is on so that it shows.',
    source: `${source}, Reasoning`,
    formatId: 'harmony',
    options: { keepAnalysis: true, systemMessage: false },
    build: () => conversation([textMessage('user', 'What is 2 + 2?'), blocksMessage([thoughts('User asks: "What is 2 + 2?" Simple arithmetic. Provide answer.'), response('2 + 2 = 4.')])]),
  },
  {
    id: 'harmony-function-calling',
    title: 'Harmony: function calling',
    description: 'Function tools declared in the developer message as TypeScript-like types in namespace functions; the call goes to=functions.get_current_weather on commentary with <|constrain|>json and ends with <|call|>; the result comes from functions.get_current_weather to=assistant. The conversation ends with <|start|>assistant for the next sampling, and the chain of thought before the call is kept (no final message yet).',
    source: `${source}, Function calling › Handling tool calls`,
    formatId: 'harmony',
    options: { date: '2025-06-28', reasoningEffort: 'high', addGenerationPrompt: true },
    build: () =>
      conversation(
        [
          textMessage('developer', 'Use a friendly tone.'),
          textMessage('user', 'What is the weather like in SF?'),
          blocksMessage([thoughts('Need to use function get_current_weather.'), toolCalls([toolCall('get_current_weather', '{"location":"San Francisco"}')])]),
          textMessage('tool', '{"sunny": true, "temperature": 20}', { name: 'get_current_weather' }),
        ],
        guideTools(),
      ),
  },
  {
    id: 'harmony-preamble',
    title: 'Harmony: preamble and built-in python',
    description: 'A preamble on the commentary channel (shown to the user), then code sent to the built-in python tool on the analysis channel: messages with their own channel and recipient. The system message declares the python tool. "Keep earlier analysis" is on: harmony would otherwise drop the call and its result, which are on the analysis channel before the final answer.',
    source: `${source}, Preambles and Built-in tools`,
    formatId: 'harmony',
    options: { date: '2025-06-28', pythonTool: true, returnToken: false, keepAnalysis: true },
    build: () =>
      conversation([
        textMessage('user', 'What is 2**100?'),
        textMessage('assistant', 'I will compute this with Python.', { channel: 'commentary' }),
        textMessage('assistant', 'print(2**100)', { channel: 'analysis', recipient: 'python' }),
        textMessage('tool', '1267650600228229401496703205376', { name: 'python', channel: 'analysis', recipient: 'assistant' }),
        textMessage('assistant', '2**100 = 1267650600228229401496703205376.', { channel: 'final' }),
      ]),
  },
];
