/**
 * Conversation → Apertus JSON. Known fields are written first; then the source's unknown fields
 * (`extra`) that no known field wrote, so that raw values kept by the decoder come back
 * unchanged while anything edited in the model wins. Nothing is dropped: model features that
 * Apertus JSON has no words for are written as Parley extension keys (`id`, `tool_call_id`,
 * `is_error`, `kind`, image/value/FIM parts) and the ones the Apertus template cannot render
 * are listed as warnings.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Extra, Message, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import { asApertusJson } from '../../shared/apertus/converted.ts';
import { ENCODE_CODE, encodeArguments, encodeContent, mergeExtra } from '../../shared/apertus/encode-content.ts';
import { isObject, merge, type JsonObject } from '../../shared/json.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import type { EncodeResult } from '../types.ts';
import { SHAPE_KEY, type ShapedConversation } from './shape.ts';

/** `extra` without one key (whose content a known field writes in its own way). */
function without(extra: Extra | undefined, key: string): Extra | undefined {
  if (!extra || !(key in extra)) return extra;
  const { [key]: _dropped, ...rest } = extra;
  return rest;
}

export function encodeApertusJson(source: ParleyRecord): EncodeResult {
  const out: Diagnostic[] = [];
  if (source.kind !== 'chat') {
    out.push(error(ENCODE_CODE, 'Apertus JSON holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  // Read from another dialect: written as Apertus JSON holds it ("" beside calls, flat tools), as the Apertus render sees it.
  const record = asApertusJson(source);
  const shape = (record as ShapedConversation)[SHAPE_KEY];
  const messages = record.messages.map((message, index) => encodeMessage(message, ['messages', index], out));
  if (shape?.bareArray && record.tools.length === 0 && Object.keys(record.extra ?? {}).length === 0) return { json: messages, diagnostics: out };
  const doc: JsonObject = { messages };
  if (record.tools.length > 0 || shape?.toolsKey) doc.tools = record.tools.map((tool, t) => encodeTool(tool, ['tools', t], out));
  return { json: merge(doc, record.extra), diagnostics: out };
}

function encodeMessage(message: Message, path: FieldPath, out: Diagnostic[]): JsonObject {
  const json: JsonObject = { role: message.role };
  if (message.content !== undefined) json.content = encodeContent(message.content, [...path, 'content'], out);
  if (message.name !== undefined) json.name = message.name;
  if (message.toolCalls !== undefined) json.tool_calls = message.toolCalls.map((call, index) => encodeLegacyCall(call, [...path, 'tool_calls', index], [...path, 'toolCalls', index], out));
  if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
  if (message.isError !== undefined) json.is_error = message.isError;
  // Harmony header fields, as extension keys (the template does not read them).
  if (message.channel !== undefined) json.channel = message.channel;
  if (message.recipient !== undefined) json.recipient = message.recipient;
  if (message.contentType !== undefined) json.content_type = message.contentType;
  return mergeExtra(json, message.extra, path, out);
}

/** `{type, id?, function: {name, arguments}}`; unknown keys of `function` come from `extra.function`. */
/** `path`: where in the JSON (argument diagnostics); `modelPath`: the call in the model (a lost field). */
function encodeLegacyCall(call: ToolCall, path: FieldPath, modelPath: FieldPath, out: Diagnostic[]): JsonObject {
  // The template renders only type "function"; a call from a dialect without types is one.
  // A source entry without a type is written back without one (the format reports it).
  const json: JsonObject = call.type === undefined && call.typeMissing ? {} : { type: call.type ?? 'function' };
  if (call.callId !== undefined) json.id = call.callId;
  const fnExtra = call.extra?.function;
  json.function = merge({ name: call.name, arguments: encodeArguments(call, [...path, 'function'], out) }, isObject(fnExtra) ? fnExtra : undefined);
  return mergeExtra(json, without(call.extra, 'function'), modelPath, out);
}

/**
 * Anthropic's word for a function tool (`"type": "custom"` beside `input_schema`): the same tool
 * as Apertus JSON's flat function, which has no type.
 */
const ANTHROPIC_FUNCTION_TYPE = 'custom';

function encodeTool(tool: ToolDefinition, path: FieldPath, out: Diagnostic[]): JsonObject {
  // A built-in tool keeps every source field in extra (its name included).
  if (tool.type !== undefined) return merge({ type: tool.type }, tool.extra);
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (tool.parameters !== undefined) fn.parameters = tool.parameters;
  if (tool.returns !== undefined) fn.returns = tool.returns;
  if (!tool.wrapped) return merge(fn, flatFunctionExtra(tool, path, out));
  const fnExtra = tool.extra?.function;
  return merge({ type: 'function', function: merge(fn, isObject(fnExtra) ? fnExtra : undefined) }, without(tool.extra, 'function'));
}

/**
 * The unknown fields of a flat function tool, but a `type` another dialect kept there: in
 * Apertus JSON a flat tool with a `type` is a provider's built-in tool, so writing it would turn
 * the function (its description, its schema) into one. Anthropic's "custom" says "a function
 * tool", which the flat form says already (a harmless difference); any other type is reported
 * as content lost.
 */
function flatFunctionExtra(tool: ToolDefinition, path: FieldPath, out: Diagnostic[]): Extra | undefined {
  const type = tool.extra?.type;
  if (type === undefined) return tool.extra;
  const harmless = type === ANTHROPIC_FUNCTION_TYPE && tool.extraSource === 'anthropic';
  const why = harmless ? 'Anthropic\'s "custom" type marks a function tool, which an Apertus JSON tool without a type is' : 'an Apertus JSON tool with a type is a built-in tool, not a function';
  out.push(lostInConversion(`the field "type" (${JSON.stringify(type)})`, why, [...path, 'extra', 'type'], harmless ? 'harmless' : 'content'));
  return without(tool.extra, 'type');
}
