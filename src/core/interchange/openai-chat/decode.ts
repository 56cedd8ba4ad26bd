/**
 * OpenAI Chat Completions JSON → Conversation. Canonical mapping (exact round trip):
 * message → message (`role`, `name`, `tool_call_id` → `toolCallId`); `content` string → text,
 * array → parts (`text`, `image_url` → image, Hugging Face's `{"type": "image", "image" | "url"}`
 * → image, other part types kept whole as source parts),
 * `null` → null, absent → undefined; `tool_calls` → `message.toolCalls` (like Apertus' legacy
 * field), legacy `function_call` → one more call noted `legacy`; `tools` → wrapped tool
 * definitions, legacy `functions` → flat ones noted `legacy`; other keys → `extra` at their level.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, Message, Part, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { check, invalid, problem } from '../shared/issues.ts';
import { extraOf, isObject, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import { shapeOf, sourcePart, withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { readReasoning } from './reasoning.ts';
import { documentSchema, functionSchema, imagePartSchema, messageSchema, partSchema, surelyPlainMessage, textPartSchema, toolCallSchema, toolSchema } from './schema.ts';
import { CODE, DIALECT, SHAPE, type CallShape, type DocumentShape, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

const MESSAGE_KEYS = ['role', 'content', 'name', 'tool_call_id', 'tool_calls', 'function_call'];
const KEPT = 'kept as it is, but cannot be edited or rendered';

export function decodeOpenAiChat(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  let top: JsonObject | undefined;
  let items: unknown[];
  if (Array.isArray(json)) items = json;
  else {
    if (!check(CODE, documentSchema, json, [], out)) return { record: undefined, diagnostics: out };
    top = json as JsonObject;
    items = top.messages as unknown[];
  }
  items.forEach((item, index) => {
    if (!isObject(item)) out.push(invalid(CODE, ['messages', index], 'expected an object', item));
    else if (typeof item.role !== 'string') out.push(invalid(CODE, ['messages', index, 'role'], 'expected a string', item.role));
  });
  if (out.length > 0) return { record: undefined, diagnostics: out };

  const record: Conversation = { kind: 'chat', messages: (items as JsonObject[]).map((item, i) => decodeMessage(item, ['messages', i], out)), tools: [] };
  const shape: DocumentShape = {};
  if (top) {
    let extra = extraOf(top, ['messages', 'tools', 'functions']);
    for (const key of ['tools', 'functions'] as const) {
      if (!(key in top)) continue;
      const list = top[key];
      if (!Array.isArray(list)) {
        extra = withKey(extra, key, list);
        continue;
      }
      if (list.length === 0) shape[key === 'tools' ? 'toolsKey' : 'functionsKey'] = true;
      const tools = list.map((entry, i) => (key === 'tools' ? decodeTool(entry, [key, i], out) : decodeFunction(entry, [key, i], out)));
      if (tools.every((t): t is ToolDefinition => t !== undefined)) record.tools.push(...tools);
      else {
        out.push(problem(CODE, [key], `the list is ${KEPT}`));
        extra = withKey(extra, key, list);
      }
    }
    if (extra) record.extra = extra;
  } else shape.bareArray = true;
  return { record: tagSource(withShape(record, SHAPE, shape), DIALECT), diagnostics: out };
}

function decodeMessage(item: JsonObject, path: FieldPath, out: Diagnostic[]): Message {
  if (!surelyPlainMessage(item)) check(CODE, messageSchema, item, path, out);
  const message: Message = { id: newId('m'), role: item.role as string };
  let extra = extraOf(item, MESSAGE_KEYS);
  const keepRaw = (key: string) => (extra = withKey(extra, key, item[key]));
  if ('content' in item) {
    const content = item.content;
    if (content === null) message.content = null;
    else if (typeof content === 'string') message.content = { type: 'text', text: content };
    else if (Array.isArray(content)) {
      const parts = decodeParts(content, [...path, 'content'], item.role === 'tool', out);
      if (parts) message.content = { type: 'parts', parts };
      else keepRaw('content');
    } else keepRaw('content');
  }
  for (const [key, field] of [['name', 'name'], ['tool_call_id', 'toolCallId']] as const) {
    if (!(key in item)) continue;
    if (typeof item[key] === 'string') message[field] = item[key];
    else keepRaw(key);
  }
  if (item.role === 'tool' && !('tool_call_id' in item)) withShape<Message, MessageShape>(message, SHAPE, { noCallId: true });
  const calls: ToolCall[] = [];
  let callsRead = false;
  if ('tool_calls' in item) {
    const list = item.tool_calls;
    const decoded = Array.isArray(list) ? list.map((entry, i) => decodeCall(entry, [...path, 'tool_calls', i], out)) : [undefined];
    if (decoded.every((c): c is ToolCall => c !== undefined)) {
      calls.push(...decoded);
      callsRead = true;
      if (decoded.length === 0) withShape<Message, MessageShape>(message, SHAPE, { ...shapeOf<MessageShape>(message, SHAPE), emptyToolCalls: true });
    } else {
      out.push(problem(CODE, [...path, 'tool_calls'], `the tool calls are ${KEPT}`));
      keepRaw('tool_calls');
    }
  }
  if ('function_call' in item) {
    const fc = item.function_call;
    if (isObject(fc) && typeof fc.name === 'string') {
      const { text, wasObject } = argumentsText(fc.arguments);
      const call: ToolCall = { id: newId('c'), name: fc.name, arguments: text };
      const fnExtra = extraOf(fc, ['name', 'arguments']);
      if (fnExtra) call.extra = { function: fnExtra };
      calls.push(withShape<ToolCall, CallShape>(call, SHAPE, wasObject ? { legacy: true, argsObject: true } : { legacy: true }));
    } else keepRaw('function_call');
  }
  if (callsRead || calls.length > 0) message.toolCalls = calls;
  if (extra) message.extra = extra;
  readReasoning(item, message);
  return message;
}

function decodeParts(items: unknown[], path: FieldPath, inTool: boolean, out: Diagnostic[]): Part[] | undefined {
  const parts: Part[] = [];
  for (const [i, item] of items.entries()) {
    const partPath = [...path, i];
    if (!check(CODE, partSchema, item, partPath, out)) {
      out.push(problem(CODE, path, `the content is ${KEPT}`));
      return undefined;
    }
    const part = item as JsonObject;
    if (part.type === 'text' && typeof part.text === 'string') {
      parts.push(withExtra<Part>({ id: newId('p'), type: 'text', text: part.text }, extraOf(part, ['type', 'text'])));
    } else if (part.type === 'image_url' && check(CODE, imagePartSchema, part, partPath, out)) {
      const image = part.image_url;
      let extra = extraOf(part, ['type', 'image_url']);
      const shape: PartShape = inTool ? { inTool: true } : {};
      if (typeof image === 'string') {
        parts.push(withShape(withExtra<Part>({ id: newId('p'), type: 'image', url: image }, extra), SHAPE, { ...shape, urlString: true } satisfies PartShape));
      } else {
        const inner = extraOf(image as JsonObject, ['url']);
        if (inner) extra = withKey(extra, 'image_url', inner);
        parts.push(withShape(withExtra<Part>({ id: newId('p'), type: 'image', url: (image as JsonObject).url as string }, extra), SHAPE, shape));
      }
    } else if (part.type === 'image' && hfImageKey(part) !== undefined) {
      // Hugging Face's image part (chat templates, Qwen2.5-VL's examples): the URL under `image` or `url`.
      const key = hfImageKey(part) as 'image' | 'url';
      const shape: PartShape = inTool ? { inTool: true, hfImage: key } : { hfImage: key };
      parts.push(withShape(withExtra<Part>({ id: newId('p'), type: 'image', url: part[key] as string }, extraOf(part, ['type', key])), SHAPE, shape));
    } else {
      if (part.type === 'text') check(CODE, textPartSchema, part, partPath, out);
      parts.push(sourcePart(part));
    }
  }
  return parts;
}

/** Where a Hugging Face image part has its URL (`image` first, as Qwen2.5-VL writes it), if it has one. */
function hfImageKey(part: JsonObject): 'image' | 'url' | undefined {
  if (typeof part.image === 'string') return 'image';
  return typeof part.url === 'string' && !('image' in part) ? 'url' : undefined;
}

function decodeCall(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolCall | undefined {
  if (!check(CODE, toolCallSchema, entry, path, out)) return undefined;
  const source = entry as JsonObject;
  const fn = source.function as JsonObject;
  const { text, wasObject } = argumentsText(fn.arguments);
  const call: ToolCall = { id: newId('c'), name: fn.name as string, arguments: text };
  if (typeof source.id === 'string') call.callId = source.id;
  if (typeof source.type === 'string') call.type = source.type;
  let extra = extraOf(source, ['id', 'type', 'function']);
  const fnExtra = extraOf(fn, ['name', 'arguments']);
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  if (extra) call.extra = extra;
  const shape: CallShape = {};
  if (wasObject) shape.argsObject = true;
  if (!('id' in source)) shape.noId = true;
  if (!('type' in source)) shape.noType = true;
  return withShape<ToolCall, CallShape>(call, SHAPE, shape);
}

function decodeTool(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolDefinition | undefined {
  if (!check(CODE, toolSchema, entry, path, out)) return undefined;
  const source = entry as JsonObject;
  if (source.type !== 'function') return rawToolFrom(source, newId('t'));
  if (!check(CODE, functionSchema, source.function, [...path, 'function'], out)) return undefined;
  const fn = source.function as JsonObject;
  const tool = flatTool(fn);
  tool.wrapped = true;
  let extra = extraOf(source, ['type', 'function']);
  const fnExtra = extraOf(fn, ['name', 'description', 'parameters']);
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  if (extra) tool.extra = extra;
  return tool;
}

function decodeFunction(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolDefinition | undefined {
  if (!check(CODE, functionSchema, entry, path, out)) return undefined;
  const fn = entry as JsonObject;
  const tool = withExtra(flatTool(fn), extraOf(fn, ['name', 'description', 'parameters']));
  return withShape<ToolDefinition, ToolShape>(tool, SHAPE, { legacy: true });
}

function flatTool(fn: JsonObject): ToolDefinition {
  const tool: ToolDefinition = { id: newId('t'), name: fn.name as string };
  if (typeof fn.description === 'string') tool.description = fn.description;
  if ('parameters' in fn) tool.parameters = fn.parameters;
  return tool;
}
