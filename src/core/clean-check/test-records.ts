/**
 * Generated Apertus JSON records near the clean check's edge (test code only): every shape the
 * check accepts, next to the small changes that make the full checks speak (a special token in
 * a text, a call id, a null content, a role out of place, a wrong argument…). apertus.test.ts
 * compares the check with the full checks on them; apertus-subject.test.ts the rules' reading
 * of the JSON with their reading of the model.
 */
import fc from 'fast-check';
import { TOOLS } from '../../../bench/conversations.ts';
import type { ApertusOptions } from '../formats/apertus/options.ts';

const word = fc.constantFrom('hello', 'Zurich', 'précis', '— ok', '"quoted"', 'a\nb', '', ' ', '<b>', '<|', '|>', 'x<|user_end|>y', '<s>', '<|inner_prefix|>', '{"a": 1}');
const text = fc.array(word, { maxLength: 3 }).map((words) => words.join(' '));
/** Mostly text the checks accept; sometimes one with a special token or the BOS text in it. */
const authorText = fc.oneof({ weight: 30, arbitrary: fc.constantFrom('hi', 'The weather in Zurich', 'précisément — ok', 'a "b" c\n', '') }, { weight: 1, arbitrary: text });

const toolName = fc.oneof({ weight: 20, arbitrary: fc.constantFrom('get_weather', 'web_search', 'calculator') }, { weight: 1, arbitrary: fc.constantFrom('unknown_tool', '', ' ') });
const args = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom('{"city": "Bern"}', '{"query": "x", "limit": 3}', '{"expression": "1+1"}', '{}', '{"city": "Bern", "unit": "celsius"}') },
  { weight: 2, arbitrary: fc.constantFrom('{"city": 3}', '{"unit": "kelvin", "city": "x"}', '{"nope": 1}', '[1]', '{bad json', '', '"text"', '{"city": "<|user_start|>"}') },
  { weight: 1, arbitrary: fc.constant({ city: 'Bern' }) },
);
const extraKey = fc.constantFrom('id', 'x_meta', 'meta', 'tool_call_id', 'name', 'kind', 'type', 'text', 'blocks', 'parts', 'calls', 'output', 'function');
/** `{...node}`, sometimes with a key the check does not accept. */
function sometimesExtra<T extends object>(node: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(node, fc.option(fc.tuple(extraKey, fc.constantFrom('call_1', 'reason', 'function', 1, null)), { freq: 30 })).map(([n, extra]) => (extra ? { ...n, [extra[0]]: extra[1] } : n));
}

const call = sometimesExtra(fc.record({ name: toolName, arguments: args }));
const block = fc.oneof(
  { weight: 10, arbitrary: sometimesExtra(fc.record({ type: fc.constantFrom('thoughts', 'response'), text: authorText })) },
  { weight: 10, arbitrary: sometimesExtra(fc.record({ type: fc.constant('tool_calls'), calls: fc.array(call, { maxLength: 2 }) })) },
  { weight: 5, arbitrary: sometimesExtra(fc.record({ type: fc.constant('tool_outputs'), outputs: fc.array(sometimesExtra(fc.record({ output: authorText })), { maxLength: 2 }) })) },
  { weight: 1, arbitrary: fc.constantFrom({ type: 'image' }, { type: 'thoughts', text: 3 }, { type: 'tool_calls', calls: 'x' }, 'block', null) },
);
const content = fc.oneof(
  { weight: 30, arbitrary: authorText },
  { weight: 30, arbitrary: fc.record({ blocks: fc.array(block, { maxLength: 4 }) }) },
  { weight: 5, arbitrary: fc.record({ text: authorText }) },
  { weight: 5, arbitrary: fc.record({ parts: fc.array(sometimesExtra(fc.record({ type: fc.constantFrom('text', 'text', 'image'), text: authorText })), { maxLength: 2 }) }) },
  { weight: 2, arbitrary: fc.constantFrom(null, 3, [], { blocks: [], text: 'both' }, { other: 1 }) },
);
const role = fc.oneof({ weight: 20, arbitrary: fc.constantFrom('system', 'user', 'assistant', 'tool') }, { weight: 1, arbitrary: fc.constantFrom('developer', 'bot', 'function') });
const message = fc.oneof(
  { weight: 30, arbitrary: sometimesExtra(fc.record({ role, content })) },
  { weight: 1, arbitrary: fc.record({ role }) },
  { weight: 1, arbitrary: fc.constantFrom('message', null, { content: 'no role' }) },
);
const tools = fc.constantFrom(
  undefined,
  [],
  TOOLS,
  TOOLS,
  TOOLS,
  [TOOLS[0]],
  [{ type: 'function', function: TOOLS[0] }],
  [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  [{ name: 'x', description: 'uses <|tools_prefix|> in its text', parameters: { type: 'object', properties: {} } }],
  'tools',
);
/** A conversation that begins as the templates expect: a system message, then user/assistant turns. */
const ordered = fc.tuple(fc.option(fc.record({ role: fc.constant('system'), content: authorText }), { nil: undefined }), fc.array(fc.tuple(fc.record({ role: fc.constant('user'), content: authorText }), fc.array(fc.record({ role: fc.constantFrom('assistant', 'tool'), content }), { maxLength: 3 })), { maxLength: 3 }));
const messages = fc.oneof(
  { weight: 4, arbitrary: ordered.map(([system, turns]) => [...(system ? [system] : []), ...turns.flatMap(([user, rest]) => [user, ...rest])]) },
  { weight: 1, arbitrary: fc.array(message, { maxLength: 6 }) },
);
export const record = fc.tuple(messages, tools, fc.option(fc.constantFrom({ x_meta: 1 }, { model: 'gpt' }, { system: 'anthropic' }), { freq: 10 })).map(([list, toolList, extra]) => ({ messages: list, ...(toolList === undefined ? {} : { tools: toolList }), ...(extra ?? {}) }));
export const options = fc.constantFrom<Partial<ApertusOptions>>({}, { bosToken: '' }, { bosToken: 'hi' }, { date: 'tomorrow' }, { date: '2026-01-02', enableThinking: false, addGenerationPrompt: true });
