/**
 * Generated Apertus JSON conversations for the benchmarks and the CLI tests: deterministic, so
 * that every run measures the same data.
 */

export const TOOLS = [
  {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name.' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } },
      required: ['city'],
    },
  },
  {
    name: 'web_search',
    description: 'Search the web.',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', default: 5 }, filters: { type: 'object', properties: { site: { type: 'string' } } } }, required: ['query'] },
  },
  { name: 'calculator', description: 'Evaluate an expression.', parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } },
];

/** A deterministic pseudo-random sentence generator (the same conversation on every run). */
function words(seed: number, count: number): string {
  const vocabulary = ['the', 'weather', 'in', 'Zurich', 'is', 'cloudy', 'and', 'search', 'results', 'show', 'that', 'Apertus', 'models', 'use', 'tools', 'to', 'answer', 'questions', 'précisément', '— ok.'];
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[x % vocabulary.length] as string);
  }
  return out.join(' ');
}

/**
 * Apertus JSON with `size` messages: user turns, structured assistants, tool messages.
 * `seed` varies the words, so that a data set is not one conversation repeated.
 */
export function makeConversation(size: number, seed = 0): { messages: unknown[]; tools: unknown[] } {
  const messages: unknown[] = [{ role: 'system', content: 'You are Apertus, an agent that can use tools.' }];
  let i = seed * size;
  while (messages.length < size) {
    i += 1;
    messages.push({ role: 'user', content: words(i, 25) });
    messages.push({
      role: 'assistant',
      content: {
        blocks: [
          { type: 'thoughts', text: words(i + 1, 40) },
          { type: 'tool_calls', calls: [{ name: 'get_weather', arguments: `{"city": "${words(i + 2, 1)}"}` }, { name: 'web_search', arguments: `{"query": "${words(i + 3, 5)}"}` }] },
        ],
      },
    });
    messages.push({ role: 'tool', content: `{"temp_c": ${i % 30}, "sky": "cloudy"}` });
    messages.push({ role: 'tool', content: words(i + 4, 30) });
    messages.push({
      role: 'assistant',
      content: {
        blocks: [
          { type: 'thoughts', text: words(i + 5, 20) },
          { type: 'tool_calls', calls: [{ name: 'calculator', arguments: '{"expression": "17 * 23"}' }] },
          { type: 'tool_outputs', outputs: [{ output: '391' }] },
          { type: 'response', text: words(i + 6, 60) },
        ],
      },
    });
  }
  messages.length = size;
  return { messages, tools: TOOLS };
}

/** `count` conversations of `size` messages as JSON Lines (one conversation per line). */
export function conversationsJsonl(count: number, size: number): string {
  const lines: string[] = [];
  for (let n = 0; n < count; n++) lines.push(JSON.stringify(makeConversation(size, n)));
  return `${lines.join('\n')}\n`;
}

/**
 * OpenAI-style JSON as Hub chat templates read it (ChatML-Qwen2.5, Llama 3.1), `size` messages:
 * user turns, assistant calls (object arguments, one call per message, which both templates
 * accept), tool results and assistant answers; tools in OpenAI's wrapped shape.
 */
export function makeOpenAiConversation(size: number, seed = 0): { messages: unknown[]; tools: unknown[] } {
  const messages: unknown[] = [{ role: 'system', content: 'You are a helpful agent that can use tools.' }];
  let i = seed * size;
  while (messages.length < size) {
    i += 1;
    messages.push({ role: 'user', content: words(i, 25) });
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: { city: words(i + 2, 1), unit: 'celsius' } } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: `{"temp_c": ${i % 30}, "sky": "cloudy"}` });
    messages.push({ role: 'assistant', content: words(i + 6, 60) });
  }
  messages.length = size;
  return { messages, tools: TOOLS.map((tool) => ({ type: 'function', function: tool })) };
}
