/**
 * LLaMA-Factory v1 → Conversation. A message's `{"type", "value"}` parts: `text` → text,
 * `image_url` → an image; on an assistant message, `reasoning` → thoughts and `tool_call` (the
 * JSON text of `{"name", "arguments"}`) → a tool call, so the message is blocks; any other type
 * is kept as it is (a kept part or block). One text part alone is the message's text. `tools`,
 * the JSON text of OpenAI-style tool definitions → tool definitions. Unknown keys
 * (`loss_weight`, …) → `extra`.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Conversation, ImagePart, Message, Part, TextPart, ToolCall, ToolDefinition } from '../../model/types.ts';
import { extraOf, isObject, tryParseJson, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { invalid, note } from '../shared/issues.ts';
import { sourcePart, withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { CODE, DIALECT, SHAPE, type CallShape, type RecordShape } from './shape.ts';

export function decodeLlamaFactory(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  if (!isObject(json) || !Array.isArray(json.messages)) return { record: undefined, diagnostics: [invalid(CODE, ['messages'], 'expected an array of messages', isObject(json) ? json.messages : json)] };
  json.messages.forEach((m, i) => {
    if (!isObject(m)) out.push(invalid(CODE, ['messages', i], 'expected an object', m));
    else if (typeof m.role !== 'string') out.push(invalid(CODE, ['messages', i, 'role'], 'expected a string', m.role));
    else if (!Array.isArray(m.content) || !m.content.every((p) => isObject(p) && typeof p.type === 'string')) out.push(invalid(CODE, ['messages', i, 'content'], 'expected a list of {"type", "value"} parts', m.content));
  });
  if (out.length > 0) return { record: undefined, diagnostics: out };
  const record: Conversation = { kind: 'chat', messages: (json.messages as JsonObject[]).map((m, i) => decodeMessage(m, ['messages', i], out)), tools: [] };
  let extra = extraOf(json, ['messages', 'tools']);
  const shape: RecordShape = {};
  if ('tools' in json) {
    const tools = typeof json.tools === 'string' ? decodeTools(json.tools, out) : undefined;
    if (tools) {
      record.tools = tools;
      shape.toolsText = json.tools as string;
    } else extra = withKey(extra, 'tools', json.tools);
  }
  return { record: tagSource(withShape(withExtra(record, extra), SHAPE, shape), DIALECT), diagnostics: out };
}

function decodeMessage(source: JsonObject, path: FieldPath, out: Diagnostic[]): Message {
  const message: Message = { id: newId('m'), role: source.role as string };
  const parts = source.content as JsonObject[];
  message.content = source.role === 'assistant' && parts.some((p) => p.type !== 'text' && p.type !== 'image_url') ? blocksContent(parts, [...path, 'content'], out) : partsContent(parts);
  return withExtra(message, extraOf(source, ['role', 'content']));
}

/** A text or image part of the model, or the source part kept as it is. */
function partOf(source: JsonObject): Part {
  const extra = extraOf(source, ['type', 'value']);
  if (source.type === 'text' && typeof source.value === 'string') return withExtra<TextPart>({ id: newId('p'), type: 'text', text: source.value }, extra);
  if (source.type === 'image_url' && typeof source.value === 'string') return withExtra<ImagePart>({ id: newId('p'), type: 'image', url: source.value }, extra);
  return sourcePart(source);
}

function partsContent(parts: JsonObject[]): Content {
  const only = parts[0];
  if (parts.length === 1 && only && only.type === 'text' && typeof only.value === 'string' && Object.keys(only).length === 2) return { type: 'text', text: only.value };
  return { type: 'parts', parts: parts.map(partOf) };
}

function blocksContent(parts: JsonObject[], path: FieldPath, out: Diagnostic[]): Content {
  const blocks: Block[] = [];
  parts.forEach((part, j) => {
    const extra = extraOf(part, ['type', 'value']);
    const value = part.value;
    if (part.type === 'reasoning' && typeof value === 'string' && !extra) blocks.push({ id: newId('b'), type: 'thoughts', text: value });
    else if (part.type === 'text' && typeof value === 'string' && !extra) blocks.push({ id: newId('b'), type: 'response', text: value });
    else if (part.type === 'tool_call' && typeof value === 'string' && !extra && callOf(value)) {
      const call = callOf(value) as ToolCall;
      const last = blocks[blocks.length - 1];
      if (last?.type === 'tool_calls') last.calls.push(call);
      else blocks.push({ id: newId('b'), type: 'tool_calls', calls: [call] });
    } else {
      if (part.type === 'tool_call') out.push(note(CODE, [...path, j, 'value'], 'a tool_call whose value is not {"name", "arguments"} JSON text; kept as it is'));
      blocks.push({ id: newId('b'), type: 'unknown', sourceType: part.type as string, raw: part });
    }
  });
  return { type: 'blocks', blocks };
}

/** The call a tool_call value holds, or undefined when it is not `{"name", "arguments"}` JSON text. */
function callOf(value: string): ToolCall | undefined {
  const parsed = tryParseJson(value);
  if (!parsed || !isObject(parsed.value) || typeof parsed.value.name !== 'string') return undefined;
  const { text, wasObject } = argumentsText(parsed.value.arguments);
  const call: ToolCall = { id: newId('c'), name: parsed.value.name, arguments: text };
  if (wasObject) call.argumentsWasObject = true;
  return withShape<ToolCall, CallShape>(withExtra(call, extraOf(parsed.value, ['name', 'arguments'])), SHAPE, { value });
}

function decodeTools(text: string, out: Diagnostic[]): ToolDefinition[] | undefined {
  const parsed = text.trim() === '' ? { value: [] } : tryParseJson(text);
  if (!parsed || !Array.isArray(parsed.value) || !parsed.value.every(isObject)) {
    out.push(note(CODE, ['tools'], 'not the JSON text of a list of tools; kept as it is'));
    return undefined;
  }
  return (parsed.value as JsonObject[]).map((entry) => {
    const fn = entry.function;
    if (entry.type !== 'function' || !isObject(fn) || typeof fn.name !== 'string') return rawToolFrom(entry.type === undefined ? { type: '', ...entry } : entry, newId('t'));
    const tool: ToolDefinition = { id: newId('t'), name: fn.name, wrapped: true };
    if (typeof fn.description === 'string') tool.description = fn.description;
    if ('parameters' in fn) tool.parameters = fn.parameters;
    // As for every OpenAI-nested tool (shared/tools.ts): the wrapper's unknown keys on top, the function's under `function`.
    const inner = extraOf(fn, ['name', 'description', 'parameters']);
    const outer = extraOf(entry, ['type', 'function']);
    return withExtra(tool, inner ? { ...outer, function: inner } : outer);
  });
}
