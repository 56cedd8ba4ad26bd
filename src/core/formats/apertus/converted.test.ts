/**
 * Issue 24: an ordinary OpenAI tool record (assistant `content: null` beside `tool_calls`,
 * OpenAI-nested tools) read as OpenAI Chat is a converted conversation in Apertus: the render
 * and the Apertus JSON export see it as Apertus JSON holds it ("" content, flat tools), so it
 * has no error; its write-back to OpenAI Chat stays byte-exact. The same JSON read as Apertus
 * JSON is Apertus JSON's own, and the template raises on it (those errors stay).
 */
import { describe, expect, it } from 'vitest';
import { checkRecord } from '../../checks/check-record.ts';
import { apertusJsonCodec } from '../../interchange/apertus-json/index.ts';
import { openAiChatCodec } from '../../interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../model/types.ts';

const WEATHER_TOOL = { type: 'function', function: { name: 'get_weather', description: 'Current weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const TOOL_RECORD = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Bern"}' } }] },
    { role: 'tool', content: '{"temp": 21}' },
    { role: 'assistant', content: 'It is 21 degrees in Bern.' },
  ],
  tools: [WEATHER_TOOL],
};

function read(codec: typeof openAiChatCodec): ParleyRecord {
  const { record } = codec.decode(structuredClone(TOOL_RECORD));
  if (record === undefined) throw new Error('not read');
  return record;
}

const errorsOf = (record: ParleyRecord) => checkRecord({ record }, { formatId: 'apertus' }, { once: true }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);

describe('a conversation read from another dialect, in Apertus', () => {
  it('an OpenAI tool record has no error in Apertus', () => {
    expect(errorsOf(read(openAiChatCodec))).toEqual([]);
  });

  it('the same JSON read as Apertus JSON keeps the template\'s errors (it is Apertus JSON\'s own)', () => {
    expect(errorsOf(read(apertusJsonCodec))).toEqual(['apertus/assistant-content-null', 'apertus/tool-wrapped']);
  });

  it('exported as Apertus JSON it is what Apertus JSON holds: "" beside the calls, the flat function', () => {
    const { json } = apertusJsonCodec.encode(read(openAiChatCodec));
    const doc = json as { messages: { content: unknown }[]; tools: unknown[] };
    expect(doc.messages[1]?.content).toBe('');
    expect(doc.tools).toEqual([WEATHER_TOOL.function]);
  });

  it('written back as OpenAI Chat it is the source, byte for byte', () => {
    const { json } = openAiChatCodec.encode(read(openAiChatCodec));
    expect(JSON.stringify(json)).toBe(JSON.stringify(TOOL_RECORD));
  });
});
