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

/** The INFO line of render and validate for Apertus JSON read without --input-dialect. */
export const APERTUS_NATIVE_INFO = 'INFO input read as Apertus JSON (apertus-json), the native dialect of apertus; name another with --input-dialect';
