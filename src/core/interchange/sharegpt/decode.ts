/**
 * ShareGPT → Conversation. `conversations: [{from, value}]` turns become messages: `human` →
 * user, `gpt` → assistant, `system` → system, `observation` (and `tool`) → tool; a
 * `function_call` turn (LLaMA-Factory) → an assistant message with the calls its JSON value
 * holds (`{"name", "arguments"}` or a list of them); any other `from` is kept as the role.
 * The sibling `system` string → a leading system message; `tools` (a JSON string of tool
 * definitions) → tool definitions; other keys (`images`, `id`, …) → `extra`; unknown turn keys
 * (`weight`, …) → the message's `extra`.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, Message, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { check, invalid, note } from '../shared/issues.ts';
import { extraOf, isObject, tryParseJson, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import { withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { documentSchema, turnSchema } from './schema.ts';
import { CODE, DIALECT, FROM_OF_ROLE, ROLE_OF_FROM, SHAPE, type DocumentShape, type MessageShape } from './shape.ts';

export function decodeShareGpt(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  if (!check(CODE, documentSchema, json, [], out)) return { record: undefined, diagnostics: out };
  const top = json as JsonObject;
  const turns = top.conversations as unknown[];
  turns.forEach((turn, i) => {
    if (!isObject(turn)) out.push(invalid(CODE, ['conversations', i], 'expected an object', turn));
    else if (typeof turn.from !== 'string') out.push(invalid(CODE, ['conversations', i, 'from'], 'expected a string', turn.from));
  });
  if (out.length > 0) return { record: undefined, diagnostics: out };
  const record: Conversation = { kind: 'chat', messages: [], tools: [] };
  let extra = extraOf(top, ['conversations', 'system', 'tools']);
  if (typeof top.system === 'string') record.messages.push(withShape<Message, MessageShape>({ id: newId('m'), role: 'system', content: { type: 'text', text: top.system } }, SHAPE, { systemKey: true }));
  else if ('system' in top) extra = withKey(extra, 'system', top.system);
  (turns as JsonObject[]).forEach((turn, i) => record.messages.push(decodeTurn(turn, ['conversations', i], out)));
  const shape: DocumentShape = {};
  if ('tools' in top) {
    const tools = decodeTools(top.tools, out);
    if (tools) {
      record.tools = tools;
      if (typeof top.tools === 'string') shape.toolsText = top.tools;
      else shape.toolsArray = true;
    } else extra = withKey(extra, 'tools', top.tools);
  }
  if (extra) record.extra = extra;
  return { record: tagSource(withShape(record, SHAPE, shape), DIALECT), diagnostics: out };
}

function decodeTurn(turn: JsonObject, path: FieldPath, out: Diagnostic[]): Message {
  check(CODE, turnSchema, turn, path, out);
  const from = turn.from as string;
  let extra = extraOf(turn, ['from', 'value']);
  const shape: MessageShape = {};
  const role = from === 'function_call' ? 'assistant' : (ROLE_OF_FROM[from] ?? from);
  if ((FROM_OF_ROLE[role] ?? role) !== from) shape.from = from;
  const message: Message = { id: newId('m'), role };
  const value = turn.value;
  if (typeof value !== 'string') {
    if ('value' in turn) extra = withKey(extra, 'value', value);
  } else if (from === 'function_call') {
    const calls = callsOf(value);
    if (calls) {
      message.toolCalls = calls;
      shape.value = value;
    } else {
      out.push(note(CODE, [...path, 'value'], 'a function_call turn whose value is not {"name", "arguments"} JSON (or a list of them); kept as text'));
      message.content = { type: 'text', text: value };
    }
  } else message.content = { type: 'text', text: value };
  return withShape(withExtra(message, extra), SHAPE, shape);
}

/** The calls of a function_call value, or undefined when it does not hold any. */
function callsOf(value: string): ToolCall[] | undefined {
  const parsed = tryParseJson(value);
  if (!parsed) return undefined;
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: ToolCall[] = [];
  for (const item of items) {
    if (!isObject(item) || typeof item.name !== 'string') return undefined;
    const { text, wasObject } = argumentsText(item.arguments);
    const call: ToolCall = { id: newId('c'), name: item.name, arguments: text };
    if (wasObject) call.argumentsWasObject = true;
    calls.push(withExtra(call, extraOf(item, ['name', 'arguments'])));
  }
  return calls;
}

function decodeTools(value: unknown, out: Diagnostic[]): ToolDefinition[] | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    const parsed = value.trim() === '' ? { value: [] } : tryParseJson(value);
    if (!parsed) {
      out.push(note(CODE, ['tools'], 'not JSON text of a list of tools; kept as it is'));
      return undefined;
    }
    list = parsed.value;
  }
  if (!Array.isArray(list) || !list.every(isObject)) {
    out.push(note(CODE, ['tools'], 'expected a list of tool objects; kept as it is'));
    return undefined;
  }
  return list.map((entry) => {
    if (typeof entry.name !== 'string') return rawToolFrom({ type: '', ...entry }, newId('t'));
    const tool: ToolDefinition = { id: newId('t'), name: entry.name };
    if (typeof entry.description === 'string') tool.description = entry.description;
    if ('parameters' in entry) tool.parameters = entry.parameters;
    if ('returns' in entry) tool.returns = entry.returns;
    return withExtra(tool, extraOf(entry, ['name', 'description', 'parameters', 'returns']));
  });
}
