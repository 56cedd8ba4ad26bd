/**
 * Apertus JSON → Conversation. Untrusted input is checked node by node with the zod schemas of
 * `schema.ts`; every problem becomes an error diagnostic whose message starts with the path.
 *
 * What decides between "unreadable" and "kept":
 * - Unreadable (`record: undefined`): the top level is not an object with a `messages` array
 *   or a messages array; a message is not an object; a role is not a string. Nothing can be
 *   placed in a conversation then.
 * - Kept, with a diagnostic where the JSON is wrong: an unknown role or block type (the format
 *   reports those), `content: null` vs no content, object arguments (`argumentsWasObject`),
 *   a text field that is not a string (its JSON text is kept), an optional field of the wrong
 *   type (kept raw in `extra`), and shapes the model has no place for (kept raw in the
 *   enclosing `extra`, so that export writes them back unchanged).
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import { Place } from '../../model/path.ts';
import type { Message, ToolCall } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { decodeLegacyCall } from './decode-calls.ts';
import { decodeContent } from './decode-content.ts';
import { decodeTools } from './decode-tools.ts';
import { extraOf, isObject, withKey, type JsonObject } from './fields.ts';
import { check, invalid, problem } from './issues.ts';
import { checkMessage } from './node-checks.ts';
import { documentSchema } from './schema.ts';
import { SHAPE_KEY, type ShapedConversation } from './shape.ts';
import { tagSource } from '../shared/tag-source.ts';

/** Harmony header fields (Parley extension keys, see encode.ts) → the message fields; a string or null. */
const HARMONY_KEYS = { channel: 'channel', recipient: 'recipient', content_type: 'contentType' } as const;
/** Made once: every message of a data set is looked up in it (Object.entries per message was ~2 % of `parley render`). */
const HARMONY_ENTRIES = Object.entries(HARMONY_KEYS) as [keyof typeof HARMONY_KEYS, (typeof HARMONY_KEYS)[keyof typeof HARMONY_KEYS]][];

const MESSAGE_KEYS = ['role', 'content', 'name', 'tool_calls', 'tool_call_id', 'is_error', ...Object.keys(HARMONY_KEYS)];

export function decodeApertusJson(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  const root = new Place();
  let top: JsonObject | undefined;
  let items: unknown[];
  if (Array.isArray(json)) {
    items = json;
  } else {
    if (check(documentSchema, json, root, out).size > 0) return { record: undefined, diagnostics: out };
    top = json as JsonObject;
    items = top.messages as unknown[];
  }

  // Structure first, over all messages, so that every unplaceable one is reported.
  const messagesPlace = root.at('messages');
  items.forEach((item, index) => {
    if (!isObject(item)) out.push(invalid(messagesPlace.at(index), 'expected an object', item));
    else if (typeof item.role !== 'string') out.push(invalid(messagesPlace.at(index).at('role'), 'expected a string', item.role));
  });
  if (out.length > 0) return { record: undefined, diagnostics: out };

  const messages = (items as JsonObject[]).map((item, index) => decodeMessage(item, messagesPlace.at(index), out));
  const record: ShapedConversation = { kind: 'chat', messages, tools: [] };
  if (top) {
    let extra = extraOf(top, ['messages', 'tools']);
    if ('tools' in top) {
      const tools = Array.isArray(top.tools) ? decodeTools(top.tools, root.at('tools'), out) : undefined;
      if (!Array.isArray(top.tools)) out.push(invalid(root.at('tools'), 'expected an array', top.tools));
      if (tools) {
        record.tools = tools;
        if (tools.length === 0) record[SHAPE_KEY] = { toolsKey: true };
      } else {
        extra = withKey(extra, 'tools', top.tools);
      }
    }
    if (extra) record.extra = extra;
  } else {
    record[SHAPE_KEY] = { bareArray: true };
  }
  // Unknown fields are this dialect's own: another dialect's writer reports them, not copies them.
  return { record: tagSource(record, 'apertus-json'), diagnostics: out };
}

function harmonyFields(item: JsonObject, message: Message, extra: JsonObject | undefined): JsonObject | undefined {
  // Most messages have none: three tests by constant name rule that out faster than the loop's tests by a key held in a variable.
  if (!('channel' in item || 'recipient' in item || 'content_type' in item)) return extra;
  let kept = extra;
  for (const [key, field] of HARMONY_ENTRIES) {
    if (!(key in item)) continue;
    const value = item[key];
    if (typeof value === 'string' || value === null) message[field] = value;
    else kept = withKey(kept, key, value);
  }
  return kept;
}

function decodeMessage(item: JsonObject, place: Place, out: Diagnostic[]): Message {
  checkMessage(item, place, out);
  const message: Message = { id: newId('m'), role: item.role as string };
  let extra = extraOf(item, MESSAGE_KEYS);
  if ('content' in item) {
    const result = decodeContent(item.content, place.at('content'), out, item.role as string);
    if ('raw' in result) extra = withKey(extra, 'content', item.content);
    else message.content = result.content;
  }
  // Optional fields: kept in the model when of the model's type, else raw in `extra` (the
  // schema reported them). Each key is tested here by name, not in a helper shared by every
  // node and key: a lookup by a constant name at its own site is several times faster.
  if ('name' in item) {
    if (typeof item.name === 'string') message.name = item.name;
    else extra = withKey(extra, 'name', item.name);
  }
  if ('tool_call_id' in item) {
    if (typeof item.tool_call_id === 'string') message.toolCallId = item.tool_call_id;
    else extra = withKey(extra, 'tool_call_id', item.tool_call_id);
  }
  if ('is_error' in item) {
    if (typeof item.is_error === 'boolean') message.isError = item.is_error;
    else extra = withKey(extra, 'is_error', item.is_error);
  }
  extra = harmonyFields(item, message, extra);
  if ('tool_calls' in item) {
    const calls = decodeLegacyCalls(item.tool_calls, place.at('tool_calls'), out);
    if (calls) message.toolCalls = calls;
    else extra = withKey(extra, 'tool_calls', item.tool_calls);
  }
  if (extra) message.extra = extra;
  return message;
}

/** Legacy `tool_calls`; undefined (kept raw by the caller) when the list cannot be held. */
function decodeLegacyCalls(value: unknown, place: Place, out: Diagnostic[]): ToolCall[] | undefined {
  if (!Array.isArray(value)) {
    out.push(invalid(place, 'expected an array', value));
    return undefined;
  }
  const calls: ToolCall[] = [];
  for (let index = 0; index < value.length; index++) {
    const call = decodeLegacyCall(value[index], place.at(index), out);
    if (!call) {
      out.push(problem(place, 'the tool calls are kept as they are, but cannot be edited or rendered'));
      return undefined;
    }
    calls.push(call);
  }
  return calls;
}
