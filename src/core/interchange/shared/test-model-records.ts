/**
 * fast-check records of the model (test code only): chat conversations and documents with every
 * field the model has, unknown fields read by other dialects, calls without ids, and `id` keys
 * inside data. Every model object's id is `ID`.
 */
import fc from 'fast-check';
import type { Block, Content, Conversation, DocumentFile, DocumentRecord, Message, Part, ParleyRecord, ToolCall, ToolDefinition, ToolOutput } from '../../model/types.ts';

export const ID = 'ID';
const id = fc.constant(ID);
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
/** JSON values as JSON.parse returns them (no -0, no undefined), sometimes with an `id` key. */
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ id: fc.string(), more: fc.jsonValue({ maxDepth: 1 }) })).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const jsonObject = fc.dictionary(fc.constantFrom('id', 'type', 'x_meta', 'properties'), jsonValue, { maxKeys: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const extra = optional(fc.dictionary(fc.constantFrom('x_meta', 'id', 'weight'), jsonValue, { minKeys: 1, maxKeys: 2 }));
const extraSource = optional(fc.constantFrom('openai-chat', 'anthropic', 'rwkv'));
const kind = fc.constantFrom('reflect' as const, 'introspect' as const, 'reason' as const);

/** Drops the keys whose value is undefined (the model leaves absent fields out). */
function clean<T extends object>(node: T): T {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as T;
}

const call: fc.Arbitrary<ToolCall> = fc
  .record({ id, callId: optional(fc.string()), type: optional(fc.constant('function')), name: text, arguments: text, argumentsWasObject: optional(fc.constant(true)), typeMissing: optional(fc.constant(true)), extra, extraSource })
  .map(clean);
const output: fc.Arbitrary<ToolOutput> = fc.record({ id, callId: optional(fc.string()), name: optional(text), output: text, isError: optional(fc.boolean()), extra, extraSource }).map(clean);
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ id, type: fc.constant('text' as const), text, extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('image' as const), url: fc.webUrl(), mediaType: optional(fc.constant('image/png')), extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('value' as const), value: jsonValue, extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('fim' as const), prefix: text, middle: text, suffix: text, extra , extraSource }).map(clean),
);
const block: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ id, type: fc.constant('thoughts' as const), text, kind: optional(kind), extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('response' as const), text, extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('tool_calls' as const), calls: fc.array(call, { maxLength: 3 }), extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('tool_outputs' as const), outputs: fc.array(output, { maxLength: 3 }), extra , extraSource }).map(clean),
  fc.record({ id, type: fc.constant('unknown' as const), sourceType: fc.constantFrom('image', 'citation'), raw: jsonObject, extraSource }).map(clean),
);
const content: fc.Arbitrary<Content | null | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({ type: fc.constant('text' as const), text, mapping: optional(fc.constant(true)), extra }).map(clean),
  fc.record({ type: fc.constant('parts' as const), parts: fc.array(part, { maxLength: 3 }), extra }).map(clean),
  fc.record({ type: fc.constant('blocks' as const), blocks: fc.array(block, { maxLength: 4 }), extra }).map(clean),
);
const message: fc.Arbitrary<Message> = fc
  .record({
    id,
    role: fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'critic'),
    name: optional(fc.string()),
    content,
    toolCalls: optional(fc.array(call, { maxLength: 2 })),
    toolCallId: optional(fc.string()),
    isError: optional(fc.boolean()),
    thoughtFlags: optional(fc.uniqueArray(kind, { maxLength: 3 })),
    extra,
    extraSource,
  })
  .map(clean);
const tool: fc.Arbitrary<ToolDefinition> = fc
  .record({ id, name: text, description: optional(text), parameters: optional(jsonObject), returns: optional(jsonObject), wrapped: optional(fc.constant(true)), type: optional(fc.constant('web_search_preview')), extra , extraSource })
  .map(clean);
const chat: fc.Arbitrary<Conversation> = fc
  .record({ kind: fc.constant('chat' as const), messages: fc.array(message, { maxLength: 5 }), tools: fc.array(tool, { maxLength: 2 }), extra, extraSource })
  .map(clean);
const file: fc.Arbitrary<DocumentFile> = fc.record({ id, name: optional(text), parts: fc.array(part, { maxLength: 3 }), extra , extraSource }).map(clean);
const document: fc.Arbitrary<DocumentRecord> = fc.record({ kind: fc.constant('document' as const), files: fc.array(file, { maxLength: 4 }), extra , extraSource }).map(clean);
export const modelRecord: fc.Arbitrary<ParleyRecord> = fc.oneof(chat, document);
