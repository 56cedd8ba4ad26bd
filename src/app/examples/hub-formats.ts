/**
 * Examples of the native ChatML (Qwen2.5) and Llama 3.1 formats (issue 11): Parley's own
 * conversations, written to show what each template does (default system message, tools in the
 * system or first user turn, calls, tool results, built-in tools), since these formats have no
 * spec of their own with examples.
 */
import { conversation, textMessage, toolCall, toolDefinition, type Conversation } from '../../core/index.ts';
import type { Example } from './types.ts';

const WEATHER = () =>
  toolDefinition('get_weather', 'Current weather in a city.', {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. "Bern".' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
  });

function weatherConversation(calls: 1 | 2): Conversation {
  const cities = calls === 2 ? ['Bern', 'Zurich'] : ['Bern'];
  return conversation(
    [
      textMessage('system', 'You are a weather assistant. Answer in one sentence.'),
      textMessage('user', calls === 2 ? 'Is it warmer in Bern or in Zurich right now?' : 'How warm is it in Bern?'),
      { ...textMessage('assistant', ''), content: null, toolCalls: cities.map((city, i) => toolCall('get_weather', JSON.stringify({ city }), { callId: `call_${i + 1}`, argumentsWasObject: true })) },
      ...cities.map((city, i) => textMessage('tool', JSON.stringify({ city, temperature: 21 - i * 2, unit: 'celsius' }), { toolCallId: `call_${i + 1}` })),
      textMessage('assistant', calls === 2 ? 'Bern is warmer: 21 °C against 19 °C in Zurich.' : 'It is 21 °C in Bern.'),
    ],
    [{ ...WEATHER(), wrapped: true }],
  );
}

const source = 'Parley example (issue 11)';

export const HUB_FORMAT_EXAMPLES: readonly Example[] = [
  {
    id: 'chatml-tools',
    title: 'ChatML (Qwen2.5): two tool calls and their results',
    description:
      'The tools go into the system turn as one JSON line each, after the system message; the assistant calls two tools (<tool_call> JSON with object arguments), and both results share one user turn of <tool_response> blocks. Call ids and tool names are not written (see the lost-in-conversion warning).',
    source,
    formatId: 'chatml',
    options: {},
    build: () => weatherConversation(2),
  },
  {
    id: 'chatml-default-system',
    title: 'ChatML (Qwen2.5): default system message and generation prompt',
    description: 'With no system message, the template writes Qwen\'s default one ("You are Qwen, created by Alibaba Cloud…"); the generation prompt opens the next assistant turn.',
    source,
    formatId: 'chatml',
    options: { addGenerationPrompt: true },
    build: () => conversation([textMessage('user', 'Name three Swiss lakes.'), textMessage('assistant', 'Lake Geneva, Lake Constance and Lake Lucerne.'), textMessage('user', 'And the deepest?')]),
  },
  {
    id: 'llama3-tools',
    title: 'Llama 3.1: a tool call, tools in the first user turn',
    description:
      'The system turn starts with "Environment: ipython" and the date header ("Cutting Knowledge Date", "Today Date" from the date option); the tools go, as indented JSON, at the start of the first user turn; the call is {"name", "parameters"} JSON and the result an ipython turn, which the template writes as a quoted JSON string.',
    source,
    formatId: 'llama3',
    options: {},
    build: () => weatherConversation(1),
  },
  {
    id: 'llama3-builtin-tools',
    title: 'Llama 3.1: a built-in tool (brave_search) and <|eom_id|>',
    description:
      'With built-in tools set (option), the system turn lists them ("Tools: brave_search, wolfram_alpha"); a call of one is written <|python_tag|>brave_search.call(query="…") and ends with <|eom_id|> (the model waits for the result), as do all turns with calls in this mode.',
    source,
    formatId: 'llama3',
    options: { builtinTools: 'brave_search, wolfram_alpha' },
    build: () =>
      conversation([
        textMessage('user', 'Who won the last Tour de Suisse?'),
        { ...textMessage('assistant', ''), content: null, toolCalls: [toolCall('brave_search', JSON.stringify({ query: 'Tour de Suisse winner' }), { argumentsWasObject: true })] },
        textMessage('ipython', '{"results": ["…"]}'),
        textMessage('assistant', 'According to the search results, …'),
      ]),
  },
];
