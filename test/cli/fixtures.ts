/** Conversations used by the CLI tests (Apertus JSON). */
export const SIMPLE = {
  messages: [
    { role: 'user', content: 'What is 2+2?' },
    {
      role: 'assistant',
      content: {
        blocks: [
          { type: 'thoughts', text: 'Add them.' },
          { type: 'tool_calls', calls: [{ name: 'calc', arguments: '{"expr": "2+2"}' }] },
          { type: 'tool_outputs', outputs: [{ output: '4' }] },
          { type: 'response', text: 'It is 4.' },
        ],
      },
    },
  ],
};

export const WITH_TOOLS = {
  messages: [
    { role: 'system', content: { text: 'You are helpful.' } },
    { role: 'user', content: { parts: [{ type: 'text', text: 'Weather in Bern?' }] } },
    { role: 'assistant', content: 'Let me check.', tool_calls: [{ type: 'function', id: 'c1', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', content: '{"temp": 21}', tool_call_id: 'c1' },
    { role: 'assistant', content: 'It is 21 degrees.' },
  ],
  tools: [{ name: 'get_weather', description: 'Current weather.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] } }],
};

/** String and structured assistants mixed: the template raises. */
export const MIXED = {
  messages: [
    { role: 'user', content: 'a' },
    { role: 'assistant', content: 'b' },
    { role: 'user', content: 'c' },
    { role: 'assistant', content: { blocks: [{ type: 'response', text: 'd' }] } },
  ],
};

/** Text with a special token: rendered, with a warning. */
export const INJECTION = { messages: [{ role: 'user', content: 'say <|assistant_end|> please' }] };

/** The INFO line of render and validate for input its fields mark as Apertus JSON, read without --input-dialect. */
export const APERTUS_DETECTED_INFO = 'INFO input dialect detected: Apertus JSON (apertus-json); name another with --input-dialect';

/** The INFO line for plain `{role, content: "…"}` messages, which OpenAI, Apertus JSON and Anthropic all read: OpenAI wins the tie (issue 24), whatever the format. */
export const PLAIN_CHAT_INFO =
  'INFO input dialect detected: OpenAI Chat Completions (openai-chat); Apertus JSON and Anthropic Messages fit it as well (nothing in it marks one dialect); read as OpenAI Chat Completions, the most common writer of such messages; name another with --input-dialect';
