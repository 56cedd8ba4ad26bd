/**
 * Round-trip properties of the Apertus JSON codec:
 * - encode(decode(x)) deep-equals x for generated valid Apertus JSON (every content form,
 *   legacy calls, both tool shapes, unknown fields at every level, bare array or object);
 * - decode(encode(r)) equals r, ids aside, for generated conversations of the model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Content, Conversation, Message, Part, ToolCall, ToolDefinition, ToolOutput } from '../../model/types.ts';
import { decodeApertusJson, encodeApertusJson, pythonJsonText } from './index.ts';

/** JSON values as JSON.parse returns them (no -0, no undefined). */
const jsonValue = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const jsonObject = fc.dictionary(fc.string(), jsonValue).map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>);
/** Unknown keys: names no Apertus node uses. */
const extraKeys = (n = 2) => fc.dictionary(fc.constantFrom('x_meta', 'weight', 'source', 'lang'), jsonValue, { maxKeys: n });
const text = fc.string({ unit: 'grapheme' });
const withExtra = <T extends object>(node: fc.Arbitrary<T>) => fc.tuple(node, extraKeys()).map(([n, e]) => ({ ...e, ...n }));

const call = withExtra(fc.record({ name: text, arguments: fc.oneof(text, jsonObject) }, { requiredKeys: ['name', 'arguments'] }));
const output = withExtra(fc.record({ output: text }));
const block = fc.oneof(
  withExtra(fc.record({ type: fc.constant('thoughts'), text })),
  withExtra(fc.record({ type: fc.constant('response'), text })),
  withExtra(fc.record({ type: fc.constant('tool_calls'), calls: fc.array(call, { maxLength: 3 }) })),
  withExtra(fc.record({ type: fc.constant('tool_outputs'), outputs: fc.array(output, { maxLength: 3 }) })),
  fc.record({ type: fc.constantFrom('image', 'citation'), data: jsonValue }),
);
const legacyCall = withExtra(fc.record({
  type: fc.constant('function'),
  id: fc.string(),
  function: withExtra(fc.record({ name: text, arguments: fc.oneof(text, jsonObject) })),
}, { requiredKeys: ['function'] }));

/** A content mapping: its form, sometimes with other forms and unknown keys beside it. */
const mapping = (form: string, value: fc.Arbitrary<unknown>, others: Record<string, fc.Arbitrary<unknown>>) =>
  fc.tuple(value, fc.record(others, { requiredKeys: [] }), extraKeys(1)).map(([v, rest, e]) => ({ ...e, ...rest, [form]: v }));
const userParts = fc.array(withExtra(fc.record({ type: fc.constant('text'), text })), { maxLength: 3 });
const blocks = fc.array(block, { maxLength: 5 });

const system = fc.record({ role: fc.constant('system'), content: fc.oneof(text, mapping('text', text, { parts: userParts, blocks })) });
const user = fc.record({ role: fc.constant('user'), content: fc.oneof(text, mapping('parts', userParts, { text, blocks })) });
const assistant = fc.record({
  role: fc.constant('assistant'),
  content: fc.oneof(text, fc.constant(null), mapping('blocks', blocks, { text, parts: userParts })),
  tool_calls: fc.array(legacyCall, { maxLength: 2 }),
}, { requiredKeys: ['role'] });
const tool = fc.record({ role: fc.constant('tool'), content: text, tool_call_id: fc.string(), name: fc.string() }, { requiredKeys: ['role', 'content'] });
const other = fc.record({ role: fc.constantFrom('developer', 'critic'), content: text });
const message = withExtra(fc.oneof(system, user, assistant, tool, other));

const flatTool = withExtra(fc.record({ name: text, description: text, parameters: jsonObject }, { requiredKeys: ['name'] }));
const nestedTool = withExtra(fc.record({ type: fc.constant('function'), function: flatTool }));
const apertusJson = fc.oneof(
  fc.array(message, { maxLength: 6 }),
  fc.record({
    messages: fc.array(message, { maxLength: 6 }),
    tools: fc.array(fc.oneof(flatTool, nestedTool), { maxLength: 3 }),
    model: fc.string(),
  }, { requiredKeys: ['messages'] }),
);

describe('Apertus JSON round trips', () => {
  it('encode(decode(x)) deep-equals x, without diagnostics', () => {
    fc.assert(
      fc.property(apertusJson, (json) => {
        const decoded = decodeApertusJson(json);
        expect(decoded.diagnostics).toEqual([]);
        if (!decoded.record) throw new Error('unreadable');
        const encoded = encodeApertusJson(decoded.record);
        expect(encoded.json).toEqual(json);
        expect(encoded.diagnostics).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('decode(encode(r)) gives r back, ids and provenance aside', () => {
    fc.assert(
      fc.property(conversation, (record) => {
        const { json } = encodeApertusJson(record);
        const decoded = decodeApertusJson(JSON.parse(JSON.stringify(json)));
        expect(decoded.diagnostics).toEqual([]);
        expect(withoutIds(decoded.record)).toEqual(withoutIds(record));
      }),
      { numRuns: 500 },
    );
  });
});

/** The model's generated records: every field the codec reads back. */
const id = fc.constant('id');
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const extra = optional(fc.dictionary(fc.constantFrom('x_meta', 'weight'), jsonValue, { minKeys: 1, maxKeys: 2 }));
function clean<T extends object>(node: T): T {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as T;
}
const modelCall: fc.Arbitrary<ToolCall> = fc.record({
  id,
  callId: optional(fc.string()),
  type: optional(fc.constant('function')),
  name: text,
  args: fc.oneof(text.map((a) => ({ arguments: a })), jsonObject.map((o) => ({ arguments: pythonJsonText(o), argumentsWasObject: true as const }))),
  extra,
}).map(({ args, ...c }) => clean({ ...c, ...args }));
const modelOutput: fc.Arbitrary<ToolOutput> = fc.record({ id, callId: optional(fc.string()), name: optional(fc.string()), output: text, isError: optional(fc.boolean()), extra }).map(clean);
const modelPart: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ id, type: fc.constant('text' as const), text, extra }).map(clean),
  fc.record({ id, type: fc.constant('image' as const), url: fc.webUrl(), mediaType: optional(fc.constant('image/png')), extra }).map(clean),
  fc.record({ id, type: fc.constant('value' as const), value: jsonValue, extra }).map(clean),
  fc.record({ id, type: fc.constant('fim' as const), prefix: text, middle: text, suffix: text, extra }).map(clean),
);
const modelBlock: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ id, type: fc.constant('thoughts' as const), text, kind: optional(fc.constantFrom('reflect' as const, 'introspect' as const, 'reason' as const)), extra }).map(clean),
  fc.record({ id, type: fc.constant('response' as const), text, extra }).map(clean),
  fc.record({ id, type: fc.constant('tool_calls' as const), calls: fc.array(modelCall, { maxLength: 3 }), extra }).map(clean),
  fc.record({ id, type: fc.constant('tool_outputs' as const), outputs: fc.array(modelOutput, { maxLength: 3 }), extra }).map(clean),
  fc.record({ id, type: fc.constant('unknown' as const), sourceType: fc.constantFrom('image', 'citation'), data: jsonValue }).map(({ data, ...b }) => ({ ...b, raw: { type: b.sourceType, data } })),
);
/** Keys of a content mapping beside its form (not another form: which form is read depends on the role). */
const contentExtra = optional(fc.dictionary(fc.constantFrom('lang', 'x_meta'), jsonValue, { minKeys: 1, maxKeys: 2 }));
const modelContent: fc.Arbitrary<Content | null | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({ type: fc.constant('text' as const), text, mapping: optional(fc.constant(true)) }).map(clean),
  fc.record({ type: fc.constant('text' as const), text, mapping: fc.constant(true), extra: contentExtra }).map(clean),
  fc.record({ type: fc.constant('parts' as const), parts: fc.array(modelPart, { maxLength: 3 }), extra: contentExtra }).map(clean),
  fc.record({ type: fc.constant('blocks' as const), blocks: fc.array(modelBlock, { maxLength: 4 }), extra: contentExtra }).map(clean),
);
const modelMessage: fc.Arbitrary<Message> = fc.record({
  id,
  role: fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'critic'),
  name: optional(fc.string()),
  content: modelContent,
  // A legacy call either has a type or remembers that its source had none.
  toolCalls: optional(fc.array(fc.tuple(modelCall, fc.boolean()).map(([c, missing]) => clean(missing ? { ...c, type: undefined, typeMissing: true } : { ...c, type: c.type ?? 'function' })), { maxLength: 2 })),
  toolCallId: optional(fc.string()),
  isError: optional(fc.boolean()),
  extra,
}).map(clean);
const functionTool: fc.Arbitrary<ToolDefinition> = fc.record({
  id,
  name: text,
  description: optional(text),
  parameters: optional(jsonObject),
  returns: optional(jsonObject),
  wrapped: optional(fc.constant(true)),
  extra,
}).map(clean);
/** A built-in tool: every field but `type` in extra, the name copied (its type when it has none). */
const builtInTool: fc.Arbitrary<ToolDefinition> = fc
  .record({ type: fc.constantFrom('web_search_preview', 'code_interpreter'), name: optional(fc.string()), more: extra })
  .map(({ type, name, more }) => {
    const kept = clean({ ...more, name });
    return clean({ id: 'id', type, name: name ?? type, extra: Object.keys(kept).length > 0 ? kept : undefined });
  });
const modelTool = fc.oneof(functionTool, builtInTool);
const conversation: fc.Arbitrary<Conversation> = fc.record({
  kind: fc.constant('chat' as const),
  messages: fc.array(modelMessage, { maxLength: 5 }),
  tools: fc.array(modelTool, { maxLength: 2 }),
  extra: optional(fc.dictionary(fc.constantFrom('model', 'x_meta'), jsonValue, { minKeys: 1, maxKeys: 2 })),
}).map(clean);

/** A copy without the `id` keys of model objects (ids are fresh on every decode). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  // extraSource and readFrom say which dialect read the record (provenance, not data): the reader adds them.
  const entries = Object.entries(value).filter(([key]) => key !== 'id' && key !== 'raw' && key !== 'extraSource' && key !== 'readFrom');
  const raw = (value as { raw?: unknown }).raw;
  return Object.fromEntries(raw === undefined ? entries.map(([k, v]) => [k, withoutIds(v)]) : [...entries.map(([k, v]) => [k, withoutIds(v)]), ['raw', raw]]);
}
