/**
 * Conversation → ShareGPT. Messages become `{from, value}` turns (user → `human`, assistant →
 * `gpt`, system → `system`, tool → `observation`); an assistant's calls become a
 * `function_call` turn whose value is `{"name", "arguments"}` JSON (a list for several calls);
 * tool definitions the `tools` JSON string. ShareGPT values are plain text, so these are lost
 * and reported: reasoning, images, value types, FIM structure, call ids, tool result names and
 * error flags, speaker names, the developer role.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Message, Part, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { OptionValues } from '../../shared/options.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { argumentsObject, pythonJsonText } from '../shared/arguments.ts';
import { isObject, jsonEqual, merge, mergeFirst, tryParseJson, type JsonObject } from '../../shared/json.ts';
import { fallbackText } from '../shared/part-fallback.ts';
import { segmentsOf } from '../shared/segments.ts';
import { shapeOf } from '../shared/shape.ts';
import { valuePartWhat } from '../../model/part-words.ts';
import { flatToolExtra, keepsRawTool, ownTool, rawToolJson } from '../shared/tools.ts';
import { CODE, DIALECT, FROM_OF_ROLE, SHAPE, TARGET, type DocumentShape, type MessageShape } from './shape.ts';

export function encodeShareGpt(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'ShareGPT holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const wants = how?.wants?.bind(how);
  const losses = new Losses(TARGET, out, DIALECT, wants);
  const doc: JsonObject = {};
  let messages = record.messages.map((message, i) => ({ message, path: ['messages', i] as FieldPath }));
  const first = record.messages[0];
  let system: string | undefined;
  if (first && first.role === 'system' && first.content?.type === 'text' && shapeOf<MessageShape>(first, SHAPE)?.systemKey) {
    system = first.content.text;
    losses.extra(first.extra, ['messages', 0], 'the system key is a string');
    if (first.name !== undefined) losses.add('the speaker name', ['messages', 0, 'name']);
    messages = messages.slice(1);
  }
  doc.conversations = messages.flatMap(({ message, path }) => encodeMessage(message, path, losses));
  if (system !== undefined) doc.system = system;
  const shape = shapeOf<DocumentShape>(record, SHAPE) ?? {};
  if (record.tools.length > 0 || shape.toolsText !== undefined || shape.toolsArray) {
    const list = record.tools.flatMap((tool, i) => toolJson(tool, ['tools', i], losses) ?? []);
    if (shape.toolsArray) doc.tools = list;
    else {
      const stored = shape.toolsText === undefined ? undefined : tryParseJson(shape.toolsText);
      doc.tools = stored && jsonEqual(stored.value, list) ? shape.toolsText : shape.toolsText?.trim() === '' && list.length === 0 ? shape.toolsText : pythonJsonText(list);
    }
  }
  return { json: mergeFirst(doc, losses.extraOf(record, 'document', []), losses.clash([])), diagnostics: out };
}

function toolJson(source: ToolDefinition, path: FieldPath, losses: Losses): JsonObject | undefined {
  if (source.type !== undefined) {
    const raw = source as ToolDefinition & { type: string };
    return keepsRawTool(raw, losses, path) ? rawToolJson(raw) : undefined;
  }
  const tool = ownTool(source, losses, path);
  const json: JsonObject = { name: tool.name };
  if (tool.description !== undefined) json.description = tool.description;
  if (tool.parameters !== undefined) json.parameters = tool.parameters;
  if (tool.returns !== undefined) json.returns = tool.returns;
  return merge(json, flatToolExtra(tool));
}

/** The text of parts; what plain text cannot hold is reported. */
function partsText(parts: readonly Part[], path: FieldPath, losses: Losses): string {
  return parts
    .map((part, j) => {
      const partPath = [...path, 'parts', j];
      if (part.extra) losses.extra(part.extra, partPath);
      switch (part.type) {
        case 'text':
          return part.text;
        case 'image':
          losses.add('an image', partPath, 'ShareGPT values are text');
          return '';
        case 'value':
          losses.add(valuePartWhat(part), partPath, 'ShareGPT values are text; written as its JSON text');
          return fallbackText(part);
        case 'fim':
          losses.add('a fill-in-the-middle segment', partPath, 'ShareGPT has no FIM markers; written as prefix, middle and suffix in a row');
          return fallbackText(part);
      }
    })
    .join('');
}

function contentText(content: Content | null | undefined, path: FieldPath, losses: Losses): string | undefined {
  if (content == null) return undefined;
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') return partsText(content.parts, path, losses);
  return content.blocks.map((block) => ('text' in block ? block.text : '')).join('');
}

/** The value of a function_call turn: the source's text while it still says the same, else `{"name", "arguments"}` JSON. */
function callsValue(calls: { call: ToolCall; path: FieldPath }[], stored: string | undefined, losses: Losses): string {
  const items = calls.map(({ call, path }) => {
    if (call.callId !== undefined) losses.id('the call id', [...path, 'callId'], 'ShareGPT calls have no ids');
    if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, [...path, 'type']);
    return merge({ name: call.name, arguments: argumentsObject(call.arguments) ?? call.arguments }, losses.extraOf(call, 'call', path), losses.clash(path));
  });
  const computed = items.length === 1 ? items[0] : items;
  if (stored !== undefined) {
    const parsed = tryParseJson(stored);
    const normalize = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(normalize);
      if (!isObject(value) || typeof value.arguments !== 'string') return value;
      return { ...value, arguments: argumentsObject(value.arguments) ?? value.arguments };
    };
    if (parsed && (jsonEqual(normalize(parsed.value), computed) || jsonEqual(normalize(parsed.value), items))) return stored;
  }
  return pythonJsonText(computed);
}

function encodeMessage(message: Message, path: FieldPath, losses: Losses): JsonObject[] {
  const shape = shapeOf<MessageShape>(message, SHAPE) ?? {};
  if (message.name !== undefined) losses.add(`the ${message.role === 'tool' ? 'tool' : 'speaker'} name ${JSON.stringify(message.name)}`, [...path, 'name'], 'ShareGPT turns have no name');
  if (message.toolCallId !== undefined) losses.id('the tool call id', [...path, 'toolCallId'], 'ShareGPT turns have no call ids');
  if (message.isError !== undefined) losses.add(`the error flag (${String(message.isError)})`, [...path, 'isError'], 'ShareGPT turns have no error flag');
  if (message.role === 'developer') losses.add('the developer role', [...path, 'role'], 'written as a system turn');
  const turns: JsonObject[] = [];
  if (message.role !== 'assistant' || message.content?.type !== 'blocks') {
    const from = shape.from ?? (message.role === 'developer' ? 'system' : message.role === 'function' ? 'observation' : (FROM_OF_ROLE[message.role] ?? message.role));
    const text = contentText(message.content, [...path, 'content'], losses);
    const calls = message.toolCalls ?? [];
    if (text !== undefined || calls.length === 0) {
      const turn: JsonObject = { from: calls.length > 0 && from === 'function_call' ? 'gpt' : from };
      if (text !== undefined) turn.value = text;
      turns.push(turn);
    }
    if (calls.length > 0) turns.push({ from: 'function_call', value: callsValue(calls.map((call, c) => ({ call, path: [...path, 'toolCalls', c] })), shape.value, losses) });
  } else {
    let pending: { call: ToolCall; path: FieldPath }[] = [];
    const flushCalls = () => {
      if (pending.length > 0) turns.push({ from: 'function_call', value: callsValue(pending, undefined, losses) });
      pending = [];
    };
    for (const segment of segmentsOf(message, path)) {
      if (segment.kind === 'call') {
        pending.push(segment);
        continue;
      }
      flushCalls();
      switch (segment.kind) {
        case 'thoughts':
          losses.add('the reasoning (thoughts)', segment.path, 'ShareGPT has no place for reasoning');
          break;
        case 'text':
          losses.extra(segment.extra, segment.path);
          turns.push({ from: shape.from ?? 'gpt', value: segment.text });
          break;
        case 'parts':
          turns.push({ from: shape.from ?? 'gpt', value: partsText(segment.parts, segment.path, losses) });
          break;
        case 'output': {
          const { output } = segment;
          if (output.callId !== undefined) losses.id('the call id', [...segment.path, 'callId'], 'ShareGPT turns have no call ids');
          if (output.name !== undefined) losses.add(`the tool name ${JSON.stringify(output.name)}`, [...segment.path, 'name'], 'ShareGPT turns have no name');
          if (output.isError !== undefined) losses.add(`the error flag (${String(output.isError)})`, [...segment.path, 'isError'], 'ShareGPT turns have no error flag');
          turns.push(merge({ from: 'observation', value: output.output }, losses.extraOf(output, 'message', segment.path), losses.clash(segment.path)));
          break;
        }
        case 'unknown':
          losses.add(`a block of type ${JSON.stringify(segment.block.sourceType)}`, segment.path);
          break;
      }
    }
    flushCalls();
    if (turns.length === 0) turns.push({ from: shape.from ?? 'gpt', value: '' });
  }
  const extra = losses.extraOf(message, 'message', path);
  const [firstTurn] = turns;
  if (firstTurn) merge(firstTurn, extra, losses.clash(path));
  return turns;
}
