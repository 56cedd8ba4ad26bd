/**
 * Chat completion message model (spec 002, Ailoy) JSON → Conversation. Canonical mapping:
 * - `{messages, tools}` or a bare message array. `contents` parts: `text` → text, `image`
 *   (`{url}` or base64 `{data}` → a data URL) → image, `value` → value, other types → kept
 *   whole as source parts; a string `contents` → text.
 * - `function` parts of an assistant (spec 002: "Function: structured tool or function
 *   invocation", the shape of a `tool_calls` entry) are calls where they stand, noted
 *   `contentsPart`, so every dialect writes them as calls; elsewhere they are kept whole.
 * - Without reasoning or function parts: content = the parts, `tool_calls` → `message.toolCalls`.
 * - With `reasoning` (or `thinking`) or function parts: a structured assistant message, blocks =
 *   thoughts (with `signature` in `extra`), one response block per text part and a tool_calls
 *   block per run of function parts (other parts as unknown blocks, in order), then a
 *   tool_calls block for `tool_calls` — so that Apertus renders the thoughts in its inner section.
 * - Tool calls: `id` (also inside `function`, as the spec's first example has it) → `callId`,
 *   `arguments` object → JSON text (`argumentsWasObject`). Tool messages: `tool_call_id`,
 *   `name`, their parts; an error value (`{"error": …}`) also sets the error flag (error-value.ts).
 * - Tool descriptions: `name`, `description`, `parameters`, `returns`.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Conversation, Message, Part, ResponseBlock, ThoughtsBlock, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { dataUrl, sniffImageType } from '../shared/data-url.ts';
import { check, invalid, problem } from '../shared/issues.ts';
import { extraOf, isObject, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import { shapeOf, sourcePart, withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { hasErrorValue } from './error-value.ts';
import { documentSchema, messageSchema, partSchema, toolCallSchema, toolSchema } from './schema.ts';
import { CODE, DIALECT, SHAPE, type CallShape, type DocumentShape, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

const MESSAGE_KEYS = ['role', 'contents', 'reasoning', 'thinking', 'tool_calls', 'tool_call_id', 'name'];

export function decodeChatCompletion(json: unknown): DecodeResult {
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
    let extra = extraOf(top, ['messages', 'tools']);
    if (Array.isArray(top.tools)) {
      if (top.tools.length === 0) shape.toolsKey = true;
      record.tools = top.tools.map((entry, i) => decodeTool(entry, ['tools', i], out));
    } else if ('tools' in top) extra = withKey(extra, 'tools', top.tools);
    if (extra) record.extra = extra;
  } else shape.bareArray = true;
  return { record: tagSource(withShape(record, SHAPE, shape), DIALECT), diagnostics: out };
}

function decodeMessage(item: JsonObject, path: FieldPath, out: Diagnostic[]): Message {
  check(CODE, messageSchema, item, path, out);
  const message: Message = { id: newId('m'), role: item.role as string };
  const shape: MessageShape = {};
  let extra = extraOf(item, MESSAGE_KEYS);
  const keepRaw = (key: string) => (extra = withKey(extra, key, item[key]));
  for (const [key, field] of [['name', 'name'], ['tool_call_id', 'toolCallId']] as const) {
    if (!(key in item)) continue;
    if (typeof item[key] === 'string') message[field] = item[key];
    else keepRaw(key);
  }
  const contents = item.contents;
  let parts: Part[] | undefined;
  if (typeof contents === 'string') shape.contentsString = true;
  else if (Array.isArray(contents)) parts = contents.map((part, j) => decodePart(part, [...path, 'contents', j], out));
  else if ('contents' in item) keepRaw('contents');
  let calls: ToolCall[] | undefined;
  if (Array.isArray(item.tool_calls)) {
    const decoded = item.tool_calls.map((entry, c) => decodeCall(entry, [...path, 'tool_calls', c], out));
    if (decoded.every((c): c is ToolCall => c !== undefined)) calls = decoded;
    else {
      out.push(problem(CODE, [...path, 'tool_calls'], 'the tool calls are kept as they are, but cannot be edited or rendered'));
      keepRaw('tool_calls');
    }
  } else if ('tool_calls' in item) keepRaw('tool_calls');

  const reasoningKey = typeof item.reasoning === 'string' ? 'reasoning' : typeof item.thinking === 'string' ? 'thinking' : undefined;
  for (const key of ['reasoning', 'thinking']) if (key in item && key !== reasoningKey) keepRaw(key);
  const partCalls = item.role === 'assistant' && Array.isArray(contents) ? contents.map((part, j) => functionPartCall(part, [...path, 'contents', j], out)) : [];
  if (reasoningKey === undefined && !partCalls.some((call) => call !== undefined)) {
    if (typeof contents === 'string') message.content = { type: 'text', text: contents };
    else if (parts) message.content = { type: 'parts', parts };
    if (calls) message.toolCalls = calls;
  } else {
    const blocks: Block[] = [];
    if (reasoningKey !== undefined) {
      if (reasoningKey === 'thinking') shape.thinkingKey = true;
      const thoughts: ThoughtsBlock = { id: newId('b'), type: 'thoughts', text: item[reasoningKey] as string };
      if (extra && 'signature' in extra) {
        thoughts.extra = { signature: extra.signature };
        const { signature: _moved, ...rest } = extra;
        extra = Object.keys(rest).length > 0 ? rest : undefined;
      }
      blocks.push(thoughts);
    }
    if (typeof contents === 'string') blocks.push({ id: newId('b'), type: 'response', text: contents });
    else if (parts) parts.forEach((part, j) => addPartBlock(blocks, part, (contents as unknown[])[j], partCalls[j]));
    else if (!('contents' in item)) shape.noContents = true;
    if (calls && calls.length > 0) blocks.push({ id: newId('b'), type: 'tool_calls', calls });
    else if (calls) shape.emptyToolCalls = true;
    message.content = { type: 'blocks', blocks };
  }
  if (message.role === 'tool' && hasErrorValue(message.content)) message.isError = true;
  if (extra) message.extra = extra;
  return withShape(message, SHAPE, shape);
}

/**
 * A part inside a structured message: text → a response block, a function part → a call
 * (consecutive ones share a tool_calls block), anything else kept whole (`raw`: its source JSON).
 */
function addPartBlock(blocks: Block[], part: Part, raw: unknown, call: ToolCall | undefined): void {
  if (call) {
    const last = blocks[blocks.length - 1];
    if (last?.type === 'tool_calls') last.calls.push(call);
    else blocks.push({ id: newId('b'), type: 'tool_calls', calls: [call] });
  } else if (part.type === 'text') blocks.push(withExtra<ResponseBlock>({ id: newId('b'), type: 'response', text: part.text }, part.extra));
  else {
    const source = isObject(raw) ? raw : { value: raw };
    blocks.push({ id: newId('b'), type: 'unknown', sourceType: typeof source.type === 'string' ? source.type : '', raw: source });
  }
}

/** The call a `function` part is, when it is a whole one (name and arguments), else undefined (kept whole). */
function functionPartCall(raw: unknown, path: FieldPath, out: Diagnostic[]): ToolCall | undefined {
  if (!isObject(raw) || raw.type !== 'function' || !isObject(raw.function) || !('arguments' in raw.function) || !toolCallSchema.safeParse(raw).success) return undefined;
  const call = decodeCall(raw, path, out);
  return call && withShape<ToolCall, CallShape>(call, SHAPE, { ...shapeOf<CallShape>(call, SHAPE), contentsPart: true });
}

function decodePart(item: unknown, path: FieldPath, out: Diagnostic[]): Part {
  if (!check(CODE, partSchema, item, path, out)) return sourcePart(isObject(item) ? item : { value: item });
  const part = item as JsonObject;
  if (part.type === 'text' && typeof part.text === 'string') return withExtra<Part>({ id: newId('p'), type: 'text', text: part.text }, extraOf(part, ['type', 'text']));
  if (part.type === 'value' && 'value' in part) return withExtra<Part>({ id: newId('p'), type: 'value', value: part.value }, extraOf(part, ['type', 'value']));
  if (part.type === 'image' && isObject(part.image)) {
    const image = part.image;
    let extra = extraOf(part, ['type', 'image']);
    let decoded: Part | undefined;
    if (typeof image.url === 'string') {
      decoded = { id: newId('p'), type: 'image', url: image.url };
      const inner = extraOf(image, ['url']);
      if (inner) extra = withKey(extra, 'image', inner);
    } else if (typeof image.data === 'string') {
      const isUrl = image.data.startsWith('data:');
      decoded = withShape<Part, PartShape>({ id: newId('p'), type: 'image', url: isUrl ? image.data : dataUrl(sniffImageType(image.data), image.data) }, SHAPE, { imageData: isUrl ? 'data-url' : 'base64' });
      const inner = extraOf(image, ['data']);
      if (inner) extra = withKey(extra, 'image', inner);
    }
    if (decoded) return withExtra(decoded, extra);
  }
  return sourcePart(part);
}

function decodeCall(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolCall | undefined {
  if (!check(CODE, toolCallSchema, entry, path, out)) return undefined;
  const source = entry as JsonObject;
  const fn = source.function as JsonObject;
  const { text, wasObject } = argumentsText(fn.arguments);
  const call: ToolCall = { id: newId('c'), name: fn.name as string, arguments: text };
  const shape: CallShape = wasObject ? {} : { argsString: true };
  if (wasObject) call.argumentsWasObject = true;
  if (typeof source.type === 'string') call.type = source.type;
  if (typeof source.id === 'string') call.callId = source.id;
  else if (typeof fn.id === 'string') {
    call.callId = fn.id;
    shape.idInFunction = true;
  }
  let extra = extraOf(source, ['type', 'id', 'function']);
  const fnExtra = extraOf(fn, shape.idInFunction ? ['name', 'arguments', 'id'] : ['name', 'arguments']);
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  return withShape(withExtra(call, extra), SHAPE, shape);
}

function decodeTool(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolDefinition {
  if (!check(CODE, toolSchema, entry, path, out)) return rawToolFrom(isObject(entry) ? entry : { type: '', value: entry }, newId('t'));
  const source = entry as JsonObject;
  if (typeof source.type === 'string' && !('name' in source)) {
    if (source.type !== 'function' || !isObject(source.function) || typeof source.function.name !== 'string') return rawToolFrom(source, newId('t'));
    const tool = flatTool(source.function);
    tool.wrapped = true;
    let extra = extraOf(source, ['type', 'function']);
    const inner = extraOf(source.function, ['name', 'description', 'parameters', 'returns']);
    if (inner) extra = withKey(extra, 'function', inner);
    return withShape<ToolDefinition, ToolShape>(withExtra(tool, extra), SHAPE, { wrapped: true });
  }
  if (typeof source.name !== 'string') {
    out.push(invalid(CODE, [...path, 'name'], 'expected a string', source.name));
    return rawToolFrom({ type: '', ...source }, newId('t'));
  }
  return withExtra(flatTool(source), extraOf(source, ['name', 'description', 'parameters', 'returns']));
}

function flatTool(fn: JsonObject): ToolDefinition {
  const tool: ToolDefinition = { id: newId('t'), name: fn.name as string };
  if (typeof fn.description === 'string') tool.description = fn.description;
  if ('parameters' in fn) tool.parameters = fn.parameters;
  if ('returns' in fn) tool.returns = fn.returns;
  return tool;
}
