/**
 * fast-check generators of OpenAI-style conversations as Hub chat templates read them
 * (`{messages, tools}`: string content, `tool_calls` with object or string arguments, tool
 * messages), for the differential tests of the ChatML-Qwen2.5 and Llama 3.1 renderers. Text
 * comes from the Apertus generators (unicode, special-token look-alikes, long strings), with
 * each format's own tokens mixed in. A few forms the templates raise on (missing content,
 * several calls for Llama) come with a low weight, so that most runs compare texts.
 */
import fc from 'fast-check';
import { text as baseText } from '../apertus/arbitraries.ts';

type JsonObject = Record<string, unknown>;

const LOOKALIKES = ['<|im_start|>', '<|im_end|>', '<tool_call>', '</tool_call>', '<tool_response>', '\n</tool_response>\n', '<|eot_id|>', '<|start_header_id|>', '{"name": "', ' ', '\n\n', '{'];

export const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: baseText, weight: 6 },
  { arbitrary: fc.array(fc.constantFrom(...LOOKALIKES, 'a', 'é'), { maxLength: 4 }).map((xs) => xs.join('')), weight: 1 },
);

/** Keys that are not `__proto__` (a JSON object may have it as a key; a JS literal may not). */
const key = fc.string({ maxLength: 5 }).filter((k) => k !== '__proto__');

const argumentsObject: fc.Arbitrary<JsonObject> = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3, noNullPrototype: true });

const callName = fc.oneof({ arbitrary: fc.constantFrom('get_weather', 'search', 'calculator'), weight: 4 }, { arbitrary: text, weight: 1 });

/** `object`: arguments as objects (what the templates document); `as-given`: as strings (OpenAI API data). */
export type ArgumentsStyle = 'object' | 'as-given';

function call(style: ArgumentsStyle): fc.Arbitrary<JsonObject> {
  const args = style === 'object' ? argumentsObject : fc.oneof(argumentsObject.map((v) => JSON.stringify(v)), text);
  return fc.record({ id: fc.string({ maxLength: 6 }), type: fc.constant('function'), function: fc.record({ name: callName, arguments: args }) }, { requiredKeys: ['type', 'function'] });
}

const content = fc.oneof({ arbitrary: text, weight: 30 }, { arbitrary: fc.constant(null), weight: 1 });

function message(style: ArgumentsStyle, maxCalls: number): fc.Arbitrary<JsonObject> {
  return fc.oneof(
    { arbitrary: fc.record({ role: fc.constant('user'), content: text }), weight: 8 },
    { arbitrary: fc.record({ role: fc.constant('assistant'), content: text }), weight: 6 },
    {
      arbitrary: fc.record({ role: fc.constant('assistant'), content: fc.oneof(fc.constant(null), fc.constant(''), text), tool_calls: fc.array(call(style), { minLength: 1, maxLength: maxCalls }) }),
      weight: 5,
    },
    { arbitrary: fc.record({ role: fc.constant('tool'), content: fc.oneof({ arbitrary: text, weight: 20 }, { arbitrary: fc.constant(null), weight: 1 }), tool_call_id: fc.string({ maxLength: 6 }) }, { requiredKeys: ['role', 'content'] }), weight: 5 },
    { arbitrary: fc.record({ role: fc.constant('system'), content: text }), weight: 1 },
    { arbitrary: fc.record({ role: fc.constantFrom('developer', 'ipython'), content: text }), weight: 1 },
    // The templates raise on a missing or null content where they concatenate or trim it.
    { arbitrary: fc.record({ role: fc.constantFrom('user', 'assistant'), content }, { requiredKeys: ['role'] }), weight: 1 },
  );
}

const schema: fc.Arbitrary<JsonObject> = fc.record({
  type: fc.constant('object'),
  properties: fc.dictionary(key, fc.record({ type: fc.constantFrom('string', 'number', 'integer'), description: text }, { requiredKeys: ['type'] }), { maxKeys: 3, noNullPrototype: true }),
  required: fc.array(key, { maxLength: 2 }),
});

const tool: fc.Arbitrary<JsonObject> = fc.record({
  type: fc.constant('function'),
  function: fc.record({ name: callName, description: text, parameters: schema }, { requiredKeys: ['name'] }),
});

export interface HubCase {
  json: { messages: JsonObject[]; tools?: JsonObject[] };
  style: ArgumentsStyle;
}

/** A conversation: sometimes a system message first, then up to 8 messages; tools or none. */
export function hubConversation(maxCalls: number): fc.Arbitrary<HubCase> {
  return fc.constantFrom<ArgumentsStyle>('object', 'as-given').chain((style) =>
    fc.record({
      style: fc.constant(style),
      json: fc
        .tuple(
          fc.option(fc.record({ role: fc.constant('system'), content: fc.oneof({ arbitrary: text, weight: 20 }, { arbitrary: fc.constant(null), weight: 1 }) }), { freq: 2 }),
          fc.array(message(style, maxCalls), { maxLength: 8 }),
          fc.option(fc.array(tool, { minLength: 1, maxLength: 3 }), { freq: 2 }),
        )
        .map(([system, rest, tools]) => ({ messages: system ? [system, ...rest] : rest, ...(tools && { tools }) })),
    }),
  );
}
