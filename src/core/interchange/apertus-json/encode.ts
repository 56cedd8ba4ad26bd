/**
 * Conversation → Apertus JSON. Known fields are written first; then the source's unknown fields
 * (`extra`) that no known field wrote, so that raw values kept by the decoder come back
 * unchanged while anything edited in the model wins. Nothing is dropped: model features that
 * Apertus JSON has no words for are written as Parley extension keys (`id`, `tool_call_id`,
 * `is_error`, `kind`, image/value/FIM parts) and the ones the Apertus template cannot render
 * are listed as warnings.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Extra, Message, Part, ParleyRecord, ToolCall, ToolDefinition, ToolOutput } from '../../model/types.ts';
import type { EncodeResult } from '../types.ts';
import { isObject, type JsonObject } from './fields.ts';
import { pathLabel } from './issues.ts';
import { SHAPE_KEY, type ShapedConversation } from './shape.ts';

export const ENCODE_CODE = 'apertus-json/not-apertus';

/** `known` plus the keys of `extra` that `known` does not have. */
function merge(known: JsonObject, extra: Extra | undefined): JsonObject {
  if (!extra) return known;
  for (const [key, value] of Object.entries(extra)) if (!(key in known)) known[key] = value;
  return known;
}

/** `extra` without one key (whose content a known field writes in its own way). */
function without(extra: Extra | undefined, key: string): Extra | undefined {
  if (!extra || !(key in extra)) return extra;
  const { [key]: _dropped, ...rest } = extra;
  return rest;
}

export function encodeApertusJson(record: ParleyRecord): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(ENCODE_CODE, 'Apertus JSON holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const shape = (record as ShapedConversation)[SHAPE_KEY];
  const messages = record.messages.map((message, index) => encodeMessage(message, ['messages', index], out));
  if (shape?.bareArray && record.tools.length === 0 && Object.keys(record.extra ?? {}).length === 0) return { json: messages, diagnostics: out };
  const doc: JsonObject = { messages };
  if (record.tools.length > 0 || shape?.toolsKey) doc.tools = record.tools.map(encodeTool);
  return { json: merge(doc, record.extra), diagnostics: out };
}

function encodeMessage(message: Message, path: FieldPath, out: Diagnostic[]): JsonObject {
  const json: JsonObject = { role: message.role };
  if (message.content !== undefined) json.content = encodeContent(message.content, [...path, 'content'], out);
  if (message.name !== undefined) json.name = message.name;
  if (message.toolCalls !== undefined) json.tool_calls = message.toolCalls.map((call, index) => encodeLegacyCall(call, [...path, 'tool_calls', index], out));
  if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
  if (message.isError !== undefined) json.is_error = message.isError;
  return merge(json, message.extra);
}

/**
 * A message's content as Apertus JSON; the other keys of a source mapping (`content.extra`)
 * follow the form's key. Also what the Apertus template sees of a tool message's content.
 */
export function encodeContent(content: Content | null, path: FieldPath, out: Diagnostic[]): unknown {
  if (content === null) return null;
  switch (content.type) {
    case 'text':
      // Extra keys exist only on a mapping: keep the mapping rather than drop them.
      return content.mapping || content.extra ? merge({ text: content.text }, content.extra) : content.text;
    case 'parts':
      return merge({ parts: content.parts.map((part, index) => encodePart(part, [...path, 'parts', index], out)) }, content.extra);
    case 'blocks':
      return merge({ blocks: content.blocks.map((block, index) => encodeBlock(block, [...path, 'blocks', index], out)) }, content.extra);
  }
}

function encodePart(part: Part, path: FieldPath, out: Diagnostic[]): JsonObject {
  if (part.type === 'text') return merge({ type: 'text', text: part.text }, part.extra);
  out.push(warning(ENCODE_CODE, `${pathLabel(path)}: Apertus user parts are text only; the ${part.type} part is written as {"type": "${part.type}", …}, which the Apertus template rejects.`, path));
  switch (part.type) {
    case 'image':
      return merge(part.mediaType === undefined ? { type: 'image', url: part.url } : { type: 'image', url: part.url, media_type: part.mediaType }, part.extra);
    case 'value':
      return merge({ type: 'value', value: part.value }, part.extra);
    case 'fim':
      return merge({ type: 'fim', prefix: part.prefix, middle: part.middle, suffix: part.suffix }, part.extra);
  }
}

function encodeBlock(block: Block, path: FieldPath, out: Diagnostic[]): JsonObject {
  switch (block.type) {
    case 'thoughts':
      return merge(block.kind === undefined ? { type: 'thoughts', text: block.text } : { type: 'thoughts', text: block.text, kind: block.kind }, block.extra);
    case 'response':
      return merge({ type: 'response', text: block.text }, block.extra);
    case 'tool_calls':
      return merge({ type: 'tool_calls', calls: block.calls.map((call, index) => encodeBlockCall(call, [...path, 'calls', index], out)) }, block.extra);
    case 'tool_outputs':
      return merge({ type: 'tool_outputs', outputs: block.outputs.map(encodeOutput) }, block.extra);
    case 'unknown':
      return block.raw;
  }
}

/** Arguments as written; an object again when the source had one and the text still parses to one. */
function encodeArguments(call: ToolCall, path: FieldPath, out: Diagnostic[]): unknown {
  if (!call.argumentsWasObject) return call.arguments;
  try {
    const value: unknown = JSON.parse(call.arguments);
    if (isObject(value)) return value;
  } catch {
    // not JSON any more: fall through and keep the text
  }
  const argsPath = [...path, 'arguments'];
  out.push(warning(ENCODE_CODE, `${pathLabel(argsPath)}: the source gave an object, but the text is no longer a JSON object; written as a string.`, argsPath));
  return call.arguments;
}

function encodeBlockCall(call: ToolCall, path: FieldPath, out: Diagnostic[]): JsonObject {
  const json: JsonObject = { name: call.name, arguments: encodeArguments(call, path, out) };
  if (call.callId !== undefined) json.id = call.callId;
  if (call.type !== undefined) json.type = call.type;
  return merge(json, call.extra);
}

/** `{type, id?, function: {name, arguments}}`; unknown keys of `function` come from `extra.function`. */
function encodeLegacyCall(call: ToolCall, path: FieldPath, out: Diagnostic[]): JsonObject {
  // The template renders only type "function"; a call from a dialect without types is one.
  // A source entry without a type is written back without one (the format reports it).
  const json: JsonObject = call.type === undefined && call.typeMissing ? {} : { type: call.type ?? 'function' };
  if (call.callId !== undefined) json.id = call.callId;
  const fnExtra = call.extra?.function;
  json.function = merge({ name: call.name, arguments: encodeArguments(call, [...path, 'function'], out) }, isObject(fnExtra) ? fnExtra : undefined);
  return merge(json, without(call.extra, 'function'));
}

function encodeOutput(output: ToolOutput): JsonObject {
  const json: JsonObject = { output: output.output };
  if (output.callId !== undefined) json.tool_call_id = output.callId;
  if (output.name !== undefined) json.name = output.name;
  if (output.isError !== undefined) json.is_error = output.isError;
  return merge(json, output.extra);
}

function encodeTool(tool: ToolDefinition): JsonObject {
  // A built-in tool keeps every source field in extra (its name included).
  if (tool.type !== undefined) return merge({ type: tool.type }, tool.extra);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (tool.parameters !== undefined) fn.parameters = tool.parameters;
  if (tool.returns !== undefined) fn.returns = tool.returns;
  if (!tool.wrapped) return merge(fn, tool.extra);
  const fnExtra = tool.extra?.function;
  return merge({ type: 'function', function: merge(fn, isObject(fnExtra) ? fnExtra : undefined) }, without(tool.extra, 'function'));
}
