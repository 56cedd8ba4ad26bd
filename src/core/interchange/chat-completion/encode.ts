/**
 * Conversation → chat completion model JSON (spec 002). Thoughts become `reasoning` (their
 * `signature` beside it, as Ailoy's message has), text and parts become `contents`, calls
 * `tool_calls` with object arguments (calls read from `function` parts go back there), tool
 * outputs tool messages; a result flagged as an error gets the spec's `{"error": …}` value
 * (error-value.ts). Lost and reported: a "not an error" flag (the spec has only error values),
 * several thought blocks' boundaries, thought kinds, FIM structure, and what other dialects
 * kept that spec 002 has no equivalent for.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Message, Part, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { OptionValues } from '../../shared/options.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { parseDataUrl } from '../shared/data-url.ts';
import { pathLabel } from '../shared/issues.ts';
import { merge, mergeFirst, nested, without, type JsonObject } from '../../shared/json.ts';
import { fallbackPart, keptSourcePart, type TextFallback } from '../shared/part-fallback.ts';
import { segmentsOf, type Segment } from '../shared/segments.ts';
import { isSourcePart, shapeOf } from '../shared/shape.ts';
import { flatToolExtra, keepsRawTool, ownTool, rawToolJson, wrappedToolExtra } from '../shared/tools.ts';
import { errorValueOf, hasErrorValue } from './error-value.ts';
import { CODE, DIALECT, SHAPE, TARGET, type CallShape, type DocumentShape, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

export const ARGUMENTS_NOT_OBJECT = 'chat-completion/arguments-not-object';

const TEXT_FALLBACK: TextFallback = { dialect: 'spec 002', unit: 'parts', textType: 'text' };

export function encodeChatCompletion(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'The chat completion model holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const wants = how?.wants?.bind(how);
  const losses = new Losses(TARGET, out, DIALECT, wants);
  const messages = record.messages.flatMap((message, i) => encodeMessage(message, ['messages', i], losses));
  const shape = shapeOf<DocumentShape>(record, SHAPE) ?? {};
  const tools = record.tools.flatMap((tool, i) => encodeTool(tool, ['tools', i], losses) ?? []);
  const extra = losses.extraOf(record, 'document', []);
  if (shape.bareArray && tools.length === 0 && Object.keys(extra ?? {}).length === 0) return { json: messages, diagnostics: out };
  const doc: JsonObject = { messages };
  if (tools.length > 0 || shape.toolsKey) doc.tools = tools;
  return { json: mergeFirst(doc, extra, losses.clash([])), diagnostics: out };
}

function functionJson(tool: ToolDefinition, extra: JsonObject | undefined, losses: Losses, path: FieldPath): JsonObject {
  const json: JsonObject = { name: tool.name };
  if (tool.description !== undefined) json.description = tool.description;
  if (tool.parameters !== undefined) json.parameters = tool.parameters;
  if (tool.returns !== undefined) json.returns = tool.returns;
  return merge(json, extra, losses.clash(path));
}

function encodeTool(source: ToolDefinition, path: FieldPath, losses: Losses): JsonObject | undefined {
  if (source.type !== undefined) {
    const raw = source as ToolDefinition & { type: string };
    return keepsRawTool(raw, losses, path) ? rawToolJson(raw) : undefined;
  }
  const tool = ownTool(source, losses, path);
  if (shapeOf<ToolShape>(tool, SHAPE)?.wrapped) {
    const { outer, inner } = wrappedToolExtra(tool);
    return merge({ type: 'function', function: functionJson(tool, inner, losses, path) }, outer, losses.clash(path));
  }
  return functionJson(tool, flatToolExtra(tool), losses, path);
}

/** Whether the message's error flag becomes the spec's error value (true) or is reported lost. */
function writesErrorValue(message: Message, path: FieldPath, losses: Losses): boolean {
  if (message.isError === undefined) return false;
  const result = message.role === 'tool' || message.role === 'function';
  if (message.isError && result) return !hasErrorValue(message.content);
  if (!(message.isError && hasErrorValue(message.content))) {
    const why = result ? 'spec 002 marks errors with an {"error": …} value and has no "not an error" flag' : 'spec 002 carries errors only in tool results';
    losses.add(`the error flag (${String(message.isError)})`, [...path, 'isError'], why);
  }
  return false;
}

/** A flagged result's contents: its text as the spec's error value, then its other parts. */
function errorContents(content: Content | null | undefined, path: FieldPath, losses: Losses): unknown[] {
  if (content?.type === 'blocks') return [{ type: 'value', value: errorValueOf(content.blocks.map((b) => (b.type === 'response' ? b.text : '')).join('')) }];
  if (content?.type !== 'parts') return [{ type: 'value', value: errorValueOf(content?.type === 'text' ? content.text : '') }];
  const text = content.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const others = content.parts.flatMap((part, j) => (part.type === 'text' ? [] : [encodePart(part, [...path, 'content', 'parts', j], losses)])).filter(present);
  return [{ type: 'value', value: errorValueOf(text) }, ...others];
}

function present<T>(value: T | undefined): value is T {
  return value !== undefined;
}

function encodeMessage(message: Message, path: FieldPath, losses: Losses): JsonObject[] {
  const shape = shapeOf<MessageShape>(message, SHAPE) ?? {};
  const errorValue = writesErrorValue(message, path, losses);
  if (message.content?.type === 'blocks' && !errorValue) return blocksMessages(message, shape, path, losses);
  const json: JsonObject = { role: message.role };
  const content = message.content;
  if (errorValue) json.contents = errorContents(content, path, losses);
  else if (content?.type === 'text') json.contents = shape.contentsString ? content.text : [{ type: 'text', text: content.text }];
  else if (content?.type === 'parts') json.contents = content.parts.map((part, j) => encodePart(part, [...path, 'content', 'parts', j], losses)).filter(present);
  else if (content === null) json.contents = [];
  if (message.toolCalls !== undefined) json.tool_calls = message.toolCalls.map((call, c) => encodeCall(call, [...path, 'toolCalls', c], losses));
  if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
  if (message.name !== undefined) json.name = message.name;
  return [merge(json, losses.extraOf(message, 'message', path), losses.clash(path))];
}

interface Group {
  thoughts: Extract<Segment, { kind: 'thoughts' }>[];
  content: Segment[];
  calls: Extract<Segment, { kind: 'call' }>[];
}

const RANK = { thoughts: 0, text: 1, parts: 1, unknown: 1, call: 2 } as const;

/** A call read from a `function` part stands among the contents, not in `tool_calls`. */
function inContents(segment: Segment): boolean {
  return segment.kind === 'call' && shapeOf<CallShape>(segment.call, SHAPE)?.contentsPart === true;
}

/** A structured message: reasoning, then contents (in order), then calls per message; outputs as tool messages. */
function blocksMessages(message: Message, shape: MessageShape, path: FieldPath, losses: Losses): JsonObject[] {
  const result: JsonObject[] = [];
  let group: Group | undefined;
  let rank = -1;
  const flush = () => {
    if (group) result.push(groupJson(message, shape, group, result.length === 0, path, losses));
    group = undefined;
    rank = -1;
  };
  for (const segment of segmentsOf(message, path)) {
    if (segment.kind === 'output') {
      flush();
      const { output } = segment;
      const json: JsonObject = { role: 'tool', contents: output.isError ? [{ type: 'value', value: errorValueOf(output.output) }] : [{ type: 'text', text: output.output }] };
      if (output.callId !== undefined) json.tool_call_id = output.callId;
      if (output.name !== undefined) json.name = output.name;
      if (output.isError === false) losses.add('the error flag (false)', [...segment.path, 'isError'], 'spec 002 marks errors with an {"error": …} value and has no "not an error" flag');
      result.push(merge(json, losses.extraOf(output, 'message', segment.path), losses.clash(segment.path)));
      continue;
    }
    const r = inContents(segment) ? RANK.text : RANK[segment.kind];
    if (group && r < rank) flush();
    rank = Math.max(rank, r);
    group ??= { thoughts: [], content: [], calls: [] };
    if (segment.kind === 'thoughts') group.thoughts.push(segment);
    else if (segment.kind === 'call' && !inContents(segment)) group.calls.push(segment);
    else group.content.push(segment);
  }
  if (group || result.length === 0) {
    group ??= { thoughts: [], content: [], calls: [] };
    flush();
  }
  return result;
}

function groupJson(message: Message, shape: MessageShape, group: Group, first: boolean, path: FieldPath, losses: Losses): JsonObject {
  const json: JsonObject = { role: message.role };
  const [firstThought, second] = group.thoughts;
  if (second) losses.add(`the boundaries between ${group.thoughts.length} thought blocks`, second.path, 'spec 002 has one reasoning string; joined by a blank line');
  for (const t of group.thoughts) if (t.block.kind !== undefined) losses.add(`the thought kind ${JSON.stringify(t.block.kind)}`, [...t.path, 'kind']);
  if (firstThought) json[shape.thinkingKey ? 'thinking' : 'reasoning'] = group.thoughts.map((t) => t.block.text).join('\n\n');
  const [only] = group.content;
  if (shape.contentsString && group.content.length === 1 && only?.kind === 'text' && !only.extra) json.contents = only.text;
  else if (!(shape.noContents && group.content.length === 0)) {
    json.contents = group.content.flatMap((s): unknown[] => {
      if (s.kind === 'text') return [merge({ type: 'text', text: s.text }, losses.extraOf(s, 'text', s.path), losses.clash(s.path))];
      if (s.kind === 'parts') return s.parts.map((part, j) => encodePart(part, [...s.path, 'parts', j], losses)).filter(present);
      if (s.kind === 'unknown') return losses.keepsRaw(s.block, s.block.raw, `a block of type ${JSON.stringify(s.block.sourceType)}`, s.path) ? [s.block.raw] : [];
      if (s.kind === 'call') return [encodeCall(s.call, s.path, losses)];
      return [];
    });
  }
  if (group.calls.length > 0) json.tool_calls = group.calls.map((c) => encodeCall(c.call, c.path, losses));
  else if (shape.emptyToolCalls && first) json.tool_calls = [];
  for (const t of group.thoughts) merge(json, losses.extraOf(t.block, 'thoughts', t.path), losses.clash(t.path));
  if (first) {
    if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
    if (message.name !== undefined) json.name = message.name;
    merge(json, losses.extraOf(message, 'message', path), losses.clash(path));
  }
  return json;
}

function encodeCall(call: ToolCall, path: FieldPath, losses: Losses): JsonObject {
  const shape = shapeOf<CallShape>(call, SHAPE) ?? {};
  let args: unknown = call.arguments;
  if (!shape.argsString) {
    const object = argumentsObject(call.arguments);
    if (object) args = object;
    else losses.out.push(warning(ARGUMENTS_NOT_OBJECT, `${pathLabel([...path, 'arguments'])}: spec 002 arguments are a JSON object; these are not one, so they are written as a string.`, [...path, 'arguments']));
  }
  const fn: JsonObject = { name: call.name, arguments: args };
  const json: JsonObject = { type: call.type ?? 'function' };
  if (call.callId !== undefined) {
    if (shape.idInFunction) fn.id = call.callId;
    else json.id = call.callId;
  }
  const extra = losses.extraOf(call, 'call', path);
  json.function = merge(fn, nested(extra, 'function'), losses.clash([...path, 'function']));
  return merge(json, without(extra, 'function'), losses.clash(path));
}

/** A part, or undefined when it is another dialect's part that spec 002 has no equivalent for (reported). */
function encodePart(part: Part, path: FieldPath, losses: Losses): unknown {
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', text: part.text }, losses.extraOf(part, 'text', path), losses.clash(path));
    case 'image': {
      const extra = losses.extraOf(part, 'image', path);
      const how = shapeOf<PartShape>(part, SHAPE)?.imageData;
      const data = how === 'base64' ? parseDataUrl(part.url) : undefined;
      const image: JsonObject = data ? { data: data.data } : how === 'data-url' ? { data: part.url } : { url: part.url };
      return merge({ type: 'image', image: merge(image, nested(extra, 'image'), losses.clash([...path, 'image'])) }, without(extra, 'image'), losses.clash(path));
    }
    case 'value':
      // Spec 002 has value parts: only a source part of another dialect needs the fallback.
      if (isSourcePart(part)) return keptSourcePart(part, path, losses);
      return merge({ type: 'value', value: part.value }, losses.extraOf(part, 'text', path), losses.clash(path));
    case 'fim':
      return fallbackPart(part, path, losses, TEXT_FALLBACK);
  }
}
