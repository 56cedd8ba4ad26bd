/**
 * Conversation → OpenAI Chat Completions JSON. A structured (blocks) message is split into the
 * messages OpenAI has: text and calls → an assistant message (`content` + `tool_calls`), each
 * tool output → a `tool` message; reasoning has no field and is reported lost, like error
 * flags, tool `returns` schemas, FIM structure and value types (written as JSON text).
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Message, Part, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { EncodeResult } from '../types.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { merge, mergeFirst, nested, without, type JsonObject } from '../shared/json.ts';
import { segmentsOf, turnsOf, type Segment } from '../shared/segments.ts';
import { isSourcePart, shapeOf } from '../shared/shape.ts';
import { flatFunctionJson, flatToolExtra, rawToolJson, wrappedToolExtra } from '../shared/tools.ts';
import { CODE, SHAPE, TARGET, type CallShape, type DocumentShape, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

export function encodeOpenAiChat(record: ParleyRecord): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'OpenAI Chat Completions holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const losses = new Losses(TARGET, out);
  const messages = record.messages.flatMap((message, i) => encodeMessage(message, ['messages', i], losses));
  const shape = shapeOf<DocumentShape>(record, SHAPE) ?? {};
  const tools: JsonObject[] = [];
  const functions: JsonObject[] = [];
  record.tools.forEach((tool, i) => {
    const path = ['tools', i];
    if (tool.returns !== undefined) losses.add('the returns schema', [...path, 'returns']);
    if (tool.type !== undefined) tools.push(rawToolJson(tool as ToolDefinition & { type: string }));
    else if (shapeOf<ToolShape>(tool, SHAPE)?.legacy) functions.push(flatFunctionJson(tool, 'parameters', flatToolExtra(tool), losses.clash(path)));
    else {
      const { outer, inner } = wrappedToolExtra(tool);
      tools.push(merge({ type: 'function', function: flatFunctionJson(tool, 'parameters', inner, losses.clash(path)) }, outer, losses.clash(path)));
    }
  });
  const noTop = tools.length === 0 && functions.length === 0 && !shape.toolsKey && !shape.functionsKey && Object.keys(record.extra ?? {}).length === 0;
  if (shape.bareArray && noTop) return { json: messages, diagnostics: out };
  const doc: JsonObject = { messages };
  if (tools.length > 0 || shape.toolsKey) doc.tools = tools;
  if (functions.length > 0 || shape.functionsKey) doc.functions = functions;
  return { json: mergeFirst(doc, record.extra, losses.clash([])), diagnostics: out };
}

function encodeMessage(message: Message, path: FieldPath, losses: Losses): JsonObject[] {
  if (message.isError !== undefined) losses.add(`the error flag (${String(message.isError)})`, [...path, 'isError']);
  if (message.content?.type !== 'blocks') {
    const json: JsonObject = { role: message.role };
    if (message.content !== undefined) json.content = encodeContent(message.content, [...path, 'content'], losses);
    if (message.name !== undefined) json.name = message.name;
    if (message.toolCalls !== undefined) writeCalls(json, message.toolCalls.map((call, c) => ({ call, path: [...path, 'toolCalls', c] })), shapeOf<MessageShape>(message, SHAPE)?.emptyToolCalls === true, losses);
    if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
    return [merge(json, message.extra, losses.clash(path))];
  }
  const result: JsonObject[] = [];
  for (const turn of turnsOf(segmentsOf(message, path))) {
    let json: JsonObject;
    if (turn.kind === 'output') {
      const { output, path: outputPath } = turn.segment;
      json = { role: 'tool' };
      if (output.callId !== undefined) json.tool_call_id = output.callId;
      json.content = output.output;
      if (output.name !== undefined) json.name = output.name;
      if (output.isError !== undefined) losses.add(`the error flag (${String(output.isError)})`, [...outputPath, 'isError']);
      merge(json, output.extra, losses.clash(outputPath));
    } else {
      for (const s of turn.thoughts) losses.add('the reasoning (thoughts)', s.path, 'OpenAI Chat Completions has no reasoning field');
      for (const s of turn.unknown) losses.add(`a block of type ${JSON.stringify(s.kind === 'unknown' ? s.block.sourceType : s.kind)}`, s.path);
      json = { role: message.role, content: turnContent(turn.content, turn.calls.length > 0, losses) };
      if (turn.calls.length > 0) writeCalls(json, turn.calls, false, losses);
    }
    if (result.length === 0) {
      if (message.name !== undefined) json.name = message.name;
      if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
      merge(json, message.extra, losses.clash(path));
    }
    result.push(json);
  }
  if (result.length === 0) result.push(merge({ role: message.role, content: '' }, message.extra, losses.clash(path)));
  return result;
}

/** One text without extras → a string; several, or parts → a part array; nothing → null beside calls, else "". */
function turnContent(segments: Segment[], hasCalls: boolean, losses: Losses): unknown {
  const [first] = segments;
  if (first === undefined) return hasCalls ? null : '';
  if (segments.length === 1 && first.kind === 'text' && !first.extra) return first.text;
  return segments.flatMap((s) => {
    if (s.kind === 'text') return [merge({ type: 'text', text: s.text }, s.extra, losses.clash(s.path))];
    if (s.kind === 'parts') return s.parts.map((part, j) => encodePart(part, [...s.path, 'parts', j], losses));
    return [];
  });
}

function encodeContent(content: Content | null, path: FieldPath, losses: Losses): unknown {
  if (content === null) return null;
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') return content.parts.map((part, j) => encodePart(part, [...path, 'parts', j], losses));
  return null; // blocks are split by the caller
}

export function encodePart(part: Part, path: FieldPath, losses: Losses): JsonObject {
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', text: part.text }, part.extra, losses.clash(path));
    case 'image': {
      if (shapeOf<PartShape>(part, SHAPE)?.urlString) return merge({ type: 'image_url', image_url: part.url }, part.extra, losses.clash(path));
      const inner: JsonObject = { ...nested(part.extra, 'image_url') };
      let outer = without(part.extra, 'image_url');
      // OpenAI Responses keeps `detail` beside the URL; Chat Completions inside `image_url`.
      if (outer && 'detail' in outer && !('detail' in inner)) {
        inner.detail = outer.detail;
        outer = without(outer, 'detail');
      }
      const imageUrl = merge({ url: part.url }, inner, losses.clash([...path, 'image_url']));
      return merge({ type: 'image_url', image_url: imageUrl }, outer, losses.clash(path));
    }
    case 'value':
      if (isSourcePart(part)) return part.value;
      losses.add('the type of a value part', path, `${losses.target} has no value parts; written as its JSON text`);
      return merge({ type: 'text', text: JSON.stringify(part.value) ?? 'null' }, part.extra, losses.clash(path));
    case 'fim':
      losses.add('a fill-in-the-middle segment', path, `${losses.target} has no FIM parts; written as prefix, middle and suffix in a row`);
      return merge({ type: 'text', text: part.prefix + part.middle + part.suffix }, part.extra, losses.clash(path));
  }
}

function writeCalls(json: JsonObject, calls: { call: ToolCall; path: FieldPath }[], emptyKey: boolean, losses: Losses): void {
  const legacy = calls.find(({ call }) => shapeOf<CallShape>(call, SHAPE)?.legacy);
  const modern = calls.filter((c) => c !== legacy);
  if (modern.length > 0 || !legacy || emptyKey) json.tool_calls = modern.map(({ call, path }) => encodeCall(call, path, losses));
  if (legacy) {
    if (legacy.call.callId !== undefined) losses.add('the call id', [...legacy.path, 'callId'], 'a legacy function_call has no id');
    json.function_call = merge({ name: legacy.call.name, arguments: argumentsValue(legacy.call) }, nested(legacy.call.extra, 'function'), losses.clash(legacy.path));
  }
}

/** The API's string, or the object the source had (only when it was written so in this dialect). */
function argumentsValue(call: ToolCall): unknown {
  if (!shapeOf<CallShape>(call, SHAPE)?.argsObject) return call.arguments;
  return argumentsObject(call.arguments) ?? call.arguments;
}

function encodeCall(call: ToolCall, path: FieldPath, losses: Losses): JsonObject {
  const json: JsonObject = {};
  if (call.callId !== undefined) json.id = call.callId;
  json.type = call.type ?? 'function';
  json.function = merge({ name: call.name, arguments: argumentsValue(call) }, nested(call.extra, 'function'), losses.clash([...path, 'function']));
  return merge(json, without(call.extra, 'function'), losses.clash(path));
}
