/**
 * Conversation → LLaMA-Factory v1: each message's content as `{"type", "value"}` parts (text,
 * `image_url`, `reasoning`, `tool_call`), kept parts and blocks of this dialect as they were;
 * tools as the JSON text of OpenAI-style definitions. What v1 has no place for (call ids, tool
 * result ids and names, error flags, speaker names, another dialect's kept parts, tool outputs
 * inside an assistant message) is reported lost.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Message, Part, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { OptionValues } from '../../shared/options.ts';
import { jsonEqual, merge, mergeFirst, tryParseJson, type JsonObject } from '../../shared/json.ts';
import { Losses } from '../conversion.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { argumentsObject, pythonJsonText } from '../shared/arguments.ts';
import { isSourcePart, shapeOf } from '../shared/shape.ts';
import { keepsRawTool, ownTool, rawToolJson, wrappedToolExtra } from '../shared/tools.ts';
import { DIALECT, SHAPE, TARGET, type CallShape, type RecordShape } from './shape.ts';

export function encodeLlamaFactory(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') return { json: null, diagnostics: [error('llamafactory/unwritable', 'LLaMA-Factory v1 holds chat conversations; a multi-file document cannot be written in it.')] };
  const losses = new Losses(TARGET, out, DIALECT, how?.wants?.bind(how));
  const doc: JsonObject = { messages: record.messages.map((message, i) => encodeMessage(message, ['messages', i], losses)) };
  const shape = shapeOf<RecordShape>(record, SHAPE);
  if (record.tools.length > 0 || shape?.toolsText !== undefined) {
    const list = record.tools.flatMap((tool, i) => toolJson(tool, ['tools', i], losses) ?? []);
    const stored = shape?.toolsText === undefined ? undefined : shape.toolsText.trim() === '' ? { value: [] } : tryParseJson(shape.toolsText);
    doc.tools = stored && jsonEqual(stored.value, list) ? shape?.toolsText : pythonJsonText(list);
  }
  return { json: mergeFirst(doc, losses.extraOf(record, 'document', []), losses.clash([])), diagnostics: out };
}

function toolJson(source: ToolDefinition, path: FieldPath, losses: Losses): JsonObject | undefined {
  if (source.type !== undefined) {
    const raw = source as ToolDefinition & { type: string };
    return keepsRawTool(raw, losses, path) ? rawToolJson(raw) : undefined;
  }
  const tool = ownTool(source, losses, path);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (tool.parameters !== undefined) fn.parameters = tool.parameters;
  if (tool.returns !== undefined) losses.add('the result schema', [...path, 'returns']);
  const { outer, inner } = wrappedToolExtra(tool);
  return merge({ type: 'function', function: merge(fn, inner) }, outer);
}

function partJson(part: Part, path: FieldPath, losses: Losses): JsonObject | undefined {
  if (isSourcePart(part)) return losses.keepsRaw(part, part.value, `a ${String(part.value.type)} part`, path) ? part.value : undefined;
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', value: part.text }, losses.extraOf(part, 'text', path));
    case 'image':
      if (part.mediaType !== undefined) losses.add('the media type', [...path, 'mediaType']);
      return merge({ type: 'image_url', value: part.url }, losses.extraOf(part, 'image', path));
    default:
      losses.add(part.type === 'value' ? 'a value part' : 'a fill-in-the-middle segment', path, 'LLaMA-Factory v1 parts are text and media');
      return undefined;
  }
}

function callJson(call: ToolCall, path: FieldPath, losses: Losses): JsonObject {
  if (call.callId !== undefined) losses.add('the call id', [...path, 'callId'], 'LLaMA-Factory v1 calls have no ids');
  if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, [...path, 'type']);
  const item = merge({ name: call.name, arguments: argumentsObject(call.arguments) ?? call.arguments }, losses.extraOf(call, 'call', path), losses.clash(path));
  const stored = shapeOf<CallShape>(call, SHAPE)?.value;
  const parsed = stored === undefined ? undefined : tryParseJson(stored);
  const same = parsed !== undefined && jsonEqual(parsed.value, item);
  return { type: 'tool_call', value: same ? stored : JSON.stringify(item) };
}

/**
 * The fields of another dialect on a reasoning or text block (an Anthropic thinking signature,
 * citations) are reported: a v1 part with more keys than `type` and `value` reads back as a part
 * of its own, not as reasoning or text (decode.ts), so none is written.
 */
function blockFields(block: Block, level: 'thoughts' | 'text', at: FieldPath, losses: Losses): void {
  losses.extra(losses.extraOf(block, level, at), at, 'LLaMA-Factory v1 reasoning and text parts hold a value only');
}

function contentParts(content: Content | null | undefined, path: FieldPath, losses: Losses): JsonObject[] {
  if (content == null) return [];
  if (content.type === 'text') return [{ type: 'text', value: content.text }];
  if (content.type === 'parts') return content.parts.flatMap((part, j): JsonObject[] => { const json = partJson(part, [...path, 'parts', j], losses); return json ? [json] : []; });
  return content.blocks.flatMap((block, j): JsonObject[] => {
    const at: FieldPath = [...path, 'blocks', j];
    switch (block.type) {
      case 'thoughts':
        if (block.kind !== undefined) losses.add(`the kind of thought (${block.kind})`, [...at, 'kind']);
        blockFields(block, 'thoughts', at, losses);
        return [{ type: 'reasoning', value: block.text }];
      case 'response':
        blockFields(block, 'text', at, losses);
        return [{ type: 'text', value: block.text }];
      case 'tool_calls':
        return block.calls.map((call, c) => callJson(call, [...at, 'calls', c], losses));
      case 'tool_outputs':
        losses.add('the tool outputs inside an assistant message', at, 'LLaMA-Factory v1 writes tool results as tool messages');
        return [];
      case 'unknown':
        return losses.keepsRaw(block, block.raw, `a block of type ${JSON.stringify(block.sourceType)}`, at) ? [block.raw as JsonObject] : [];
    }
  });
}

function encodeMessage(message: Message, path: FieldPath, losses: Losses): JsonObject {
  if (message.name !== undefined) losses.add(`the name ${JSON.stringify(message.name)}`, [...path, 'name']);
  if (message.toolCallId !== undefined) losses.add('the tool call id', [...path, 'toolCallId'], 'LLaMA-Factory v1 messages have no call ids');
  if (message.isError !== undefined) losses.add(`the error flag (${String(message.isError)})`, [...path, 'isError']);
  const parts = contentParts(message.content, [...path, 'content'], losses);
  (message.toolCalls ?? []).forEach((call, c) => parts.push(callJson(call, [...path, 'toolCalls', c], losses)));
  return merge({ role: message.role, content: parts }, losses.extraOf(message, 'message', path), losses.clash(path));
}
