/**
 * Conversation → Anthropic Messages JSON. System and developer messages go to the top-level
 * `system` (one plain message: a string; several plain ones: joined by a blank line, FORMATS.md;
 * block-form or annotated ones: an array of text blocks). Tool messages and tool outputs become
 * `tool_result` blocks in a user message (consecutive ones share it, with the user text that
 * follows); calls become `tool_use` blocks with an `input` object; thoughts become `thinking`.
 * Lost and reported: speaker names, system positions, the developer role, tool names of
 * results, `returns` schemas, value types, FIM structure.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Message, Part, ParleyRecord, ToolCall } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { EncodeResult } from '../types.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { parseDataUrl } from '../shared/data-url.ts';
import { pathLabel } from '../shared/issues.ts';
import { merge, mergeFirst, nested, tryParseJson, without, type JsonObject } from '../shared/json.ts';
import { segmentsOf } from '../shared/segments.ts';
import { isSourcePart, shapeOf } from '../shared/shape.ts';
import { flatFunctionJson, flatToolExtra, rawToolJson } from '../shared/tools.ts';
import { CODE, SHAPE, TARGET, type DocumentShape, type MessageShape } from './shape.ts';

export const ENCODE_CODES = { missingId: 'anthropic/missing-id', inputNotObject: 'anthropic/input-not-object' } as const;

interface Indexed {
  message: Message;
  path: FieldPath;
}

export function encodeAnthropic(record: ParleyRecord): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'Anthropic Messages holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const losses = new Losses(TARGET, out);
  const system: Indexed[] = [];
  const others: Indexed[] = [];
  record.messages.forEach((message, i) => {
    const path = ['messages', i];
    if (message.role === 'system' || message.role === 'developer') {
      if (others.length > 0) losses.add('the position of a system message', path, 'Anthropic has only a top-level system; written there');
      if (message.role === 'developer') losses.add('the developer role', [...path, 'role'], 'written into the top-level system');
      system.push({ message, path });
    } else others.push({ message, path });
  });
  const doc: JsonObject = {};
  const systemJson = encodeSystem(system, shapeOf<DocumentShape>(record, SHAPE)?.emptySystem === true, losses);
  if (systemJson !== undefined) doc.system = systemJson;
  doc.messages = encodeMessages(others, losses);
  if (record.tools.length > 0) {
    doc.tools = record.tools.map((tool, i) => {
      const path = ['tools', i];
      if (tool.returns !== undefined) losses.add('the returns schema', [...path, 'returns']);
      return tool.type !== undefined ? rawToolJson(tool as typeof tool & { type: string }) : flatFunctionJson(tool, 'input_schema', flatToolExtra(tool), losses.clash(path));
    });
  }
  return { json: mergeFirst(doc, record.extra, losses.clash([])), diagnostics: out };
}

function encodeSystem(list: Indexed[], emptyArray: boolean, losses: Losses): unknown {
  if (list.length === 0) return emptyArray ? [] : undefined;
  const plain = list.every(({ message }) => message.content?.type === 'text' && !message.content.mapping && !message.extra && message.name === undefined);
  if (plain) {
    const second = list[1];
    if (second) losses.add(`the boundaries between ${list.length} system messages`, second.path, "joined by a blank line into Anthropic's system string");
    return list.map(({ message }) => (message.content?.type === 'text' ? message.content.text : '')).join('\n\n');
  }
  return list.flatMap(({ message, path }) => {
    if (message.name !== undefined) losses.add('the speaker name', [...path, 'name']);
    const content = message.content;
    let blocks: JsonObject[] = [];
    if (content?.type === 'text') blocks = [{ type: 'text', text: content.text }];
    else if (content?.type === 'parts') blocks = content.parts.map((part, j) => partBlock(part, [...path, 'content', 'parts', j], losses));
    else if (content?.type === 'blocks') {
      content.blocks.forEach((block, j) => {
        if (block.type === 'response' || block.type === 'thoughts') blocks.push(merge({ type: 'text', text: block.text }, block.extra));
        else losses.add(`a ${block.type} block`, [...path, 'content', 'blocks', j], 'the Anthropic system holds text only');
      });
    }
    const [first] = blocks;
    if (first) merge(first, message.extra, losses.clash(path));
    else losses.extra(message.extra, path);
    return blocks;
  });
}

function encodeMessages(list: Indexed[], losses: Losses): JsonObject[] {
  const result: JsonObject[] = [];
  let group: JsonObject[] | undefined;
  let groupJson: JsonObject | undefined;
  const flush = () => {
    if (groupJson) result.push(groupJson);
    group = undefined;
    groupJson = undefined;
  };
  for (const { message, path } of list) {
    const separate = shapeOf<MessageShape>(message, SHAPE)?.separate === true;
    if (message.role === 'tool' || message.role === 'function') {
      if (!group || separate) {
        flush();
        group = [];
        groupJson = { role: 'user', content: group };
      }
      group.push(toolResultBlock(message, path, losses));
      continue;
    }
    if (message.role === 'user' && group && groupJson && !separate && message.content?.type === 'parts') {
      group.push(...message.content.parts.map((part, j) => partBlock(part, [...path, 'content', 'parts', j], losses)));
      commonLosses(message, path, losses);
      merge(groupJson, message.extra, losses.clash(path));
      flush();
      continue;
    }
    flush();
    if (message.role === 'assistant') result.push(...assistantMessages(message, path, losses));
    else result.push(userMessage(message, path, losses));
  }
  flush();
  return result;
}

function commonLosses(message: Message, path: FieldPath, losses: Losses): void {
  if (message.name !== undefined) losses.add(`the speaker name ${JSON.stringify(message.name)}`, [...path, 'name'], 'Anthropic messages have no name');
  if (message.toolCallId !== undefined && message.role !== 'tool') losses.add('the tool call id', [...path, 'toolCallId']);
  if (message.isError !== undefined && message.role !== 'tool' && message.role !== 'function') losses.add('the error flag', [...path, 'isError']);
}

function userMessage(message: Message, path: FieldPath, losses: Losses): JsonObject {
  commonLosses(message, path, losses);
  const content = message.content;
  let json: unknown;
  if (content?.type === 'text') json = content.text;
  else if (content?.type === 'parts') json = content.parts.map((part, j) => partBlock(part, [...path, 'content', 'parts', j], losses));
  else if (content?.type === 'blocks') json = content.blocks.flatMap((block, j) => {
    if (block.type === 'response' || block.type === 'thoughts') return [merge({ type: 'text', text: block.text }, block.extra)];
    if (block.type === 'unknown') return [block.raw];
    losses.add(`a ${block.type} block`, [...path, 'content', 'blocks', j], `an Anthropic ${message.role} message has no such block`);
    return [];
  });
  else json = [];
  return merge({ role: message.role, content: json }, message.extra, losses.clash(path));
}

function toolResultBlock(message: Message, path: FieldPath, losses: Losses): JsonObject {
  const json: JsonObject = { type: 'tool_result' };
  if (message.toolCallId !== undefined) json.tool_use_id = message.toolCallId;
  else losses.out.push(warning(ENCODE_CODES.missingId, `${pathLabel(path)}: the tool result names no call; Anthropic requires tool_use_id.`, [...path, 'toolCallId']));
  const content = message.content;
  if (content?.type === 'text') json.content = content.text;
  else if (content?.type === 'parts') json.content = content.parts.map((part, j) => partBlock(part, [...path, 'content', 'parts', j], losses));
  else if (content?.type === 'blocks') json.content = content.blocks.flatMap((block) => (block.type === 'response' ? [{ type: 'text', text: block.text }] : []));
  if (message.isError !== undefined) json.is_error = message.isError;
  if (message.name !== undefined) losses.add(`the tool name ${JSON.stringify(message.name)}`, [...path, 'name'], 'an Anthropic tool_result has no name');
  return merge(json, message.extra, losses.clash(path));
}

function outputBlock(output: { callId?: string; output: string; isError?: boolean; name?: string; extra?: JsonObject }, path: FieldPath, losses: Losses): JsonObject {
  const json: JsonObject = { type: 'tool_result' };
  if (output.callId !== undefined) json.tool_use_id = output.callId;
  else losses.out.push(warning(ENCODE_CODES.missingId, `${pathLabel(path)}: the tool output names no call; Anthropic requires tool_use_id.`, [...path, 'callId']));
  json.content = output.output;
  if (output.isError !== undefined) json.is_error = output.isError;
  if (output.name !== undefined) losses.add(`the tool name ${JSON.stringify(output.name)}`, [...path, 'name'], 'an Anthropic tool_result has no name');
  return merge(json, output.extra, losses.clash(path));
}

function toolUseBlock(call: ToolCall, path: FieldPath, losses: Losses): JsonObject {
  const json: JsonObject = { type: 'tool_use' };
  if (call.callId !== undefined) json.id = call.callId;
  else losses.out.push(warning(ENCODE_CODES.missingId, `${pathLabel(path)}: the call has no id; Anthropic requires one to match its tool_result.`, [...path, 'callId']));
  json.name = call.name;
  const input = argumentsObject(call.arguments);
  if (input) json.input = input;
  else {
    const parsed = tryParseJson(call.arguments);
    json.input = parsed ? parsed.value : call.arguments;
    losses.out.push(warning(ENCODE_CODES.inputNotObject, `${pathLabel([...path, 'arguments'])}: Anthropic tool_use input must be a JSON object; the arguments are written as they are.`, [...path, 'arguments']));
  }
  if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, [...path, 'type']);
  return merge(json, call.extra, losses.clash(path));
}

function assistantMessages(message: Message, path: FieldPath, losses: Losses): JsonObject[] {
  commonLosses(message, path, losses);
  const result: JsonObject[] = [];
  const content = message.content;
  if (content?.type === 'text' && (message.toolCalls === undefined || message.toolCalls.length === 0)) {
    return [merge({ role: message.role, content: content.text }, message.extra, losses.clash(path))];
  }
  let blocks: JsonObject[] = [];
  let results: JsonObject[] = [];
  const flushAssistant = () => {
    const json: JsonObject = { role: message.role, content: blocks };
    if (result.length === 0) merge(json, message.extra, losses.clash(path));
    result.push(json);
    blocks = [];
  };
  const hasCalls = (message.toolCalls?.length ?? 0) > 0;
  for (const segment of segmentsOf(message, path)) {
    if (segment.kind === 'output') {
      results.push(outputBlock(segment.output, segment.path, losses));
      continue;
    }
    if (results.length > 0) {
      flushAssistant();
      result.push({ role: 'user', content: results });
      results = [];
    }
    switch (segment.kind) {
      case 'thoughts':
        if (segment.block.kind !== undefined) losses.add(`the thought kind ${JSON.stringify(segment.block.kind)}`, [...segment.path, 'kind']);
        blocks.push(merge({ type: 'thinking', thinking: segment.block.text }, segment.block.extra, losses.clash(segment.path)));
        break;
      case 'text':
        // An empty text beside calls (OpenAI's `content: ""`) is not a block Anthropic accepts.
        if (!(segment.text === '' && hasCalls && !segment.fromBlock)) blocks.push(merge({ type: 'text', text: segment.text }, segment.extra, losses.clash(segment.path)));
        break;
      case 'parts':
        blocks.push(...segment.parts.map((part, j) => partBlock(part, [...segment.path, 'parts', j], losses)));
        break;
      case 'call':
        blocks.push(toolUseBlock(segment.call, segment.path, losses));
        break;
      case 'unknown':
        blocks.push(segment.block.raw);
        break;
    }
  }
  if (blocks.length > 0 || result.length === 0) flushAssistant();
  if (results.length > 0) result.push({ role: 'user', content: results });
  return result;
}

export function partBlock(part: Part, path: FieldPath, losses: Losses): JsonObject {
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', text: part.text }, part.extra, losses.clash(path));
    case 'image': {
      const data = parseDataUrl(part.url);
      const source: JsonObject = data ? { type: 'base64', media_type: data.mediaType, data: data.data } : { type: 'url', url: part.url };
      return merge({ type: 'image', source: merge(source, nested(part.extra, 'source'), losses.clash([...path, 'source'])) }, without(part.extra, 'source'), losses.clash(path));
    }
    case 'value':
      if (isSourcePart(part)) return part.value;
      losses.add('the type of a value part', path, 'Anthropic has no value blocks; written as its JSON text');
      return merge({ type: 'text', text: JSON.stringify(part.value) ?? 'null' }, part.extra, losses.clash(path));
    case 'fim':
      losses.add('a fill-in-the-middle segment', path, 'Anthropic has no FIM blocks; written as prefix, middle and suffix in a row');
      return merge({ type: 'text', text: part.prefix + part.middle + part.suffix }, part.extra, losses.clash(path));
  }
}
