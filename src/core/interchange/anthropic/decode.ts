/**
 * Anthropic Messages JSON → Conversation. Canonical mapping (exact round trip):
 * - `system`: a string → one system message; an array of text blocks → one system message per
 *   block, its text content marked `mapping` (a block, not a bare string), the block's other
 *   keys (`cache_control`) in `extra`.
 * - user content: a string → text; an array → parts (`text`, `image` with a base64 source → a
 *   data URL, a url source → the URL; other blocks kept whole as source parts), except that each
 *   `tool_result` becomes a `tool` message (`tool_use_id` → `toolCallId`, `is_error` →
 *   `isError`, its content string or blocks) so that tool results sit where OpenAI, Apertus and
 *   RWKV put them.
 * - assistant content: a string → text; an array → blocks: `thinking` → thoughts (with
 *   `signature` in `extra`), `text` → response, consecutive `tool_use` → one tool_calls block
 *   (`input` → arguments text, `argumentsWasObject`), anything else → an unknown block.
 * - `tools` → flat tool definitions (`input_schema` → `parameters`); server tools (a `type` and
 *   no `input_schema`) are kept whole.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Conversation, Message, Part, ResponseBlock, ThoughtsBlock, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { dataUrl } from '../shared/data-url.ts';
import { check, invalid, note } from '../shared/issues.ts';
import { extraOf, isObject, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import { sourcePart, withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { base64SourceSchema, blockSchema, documentSchema, imageSchema, messageSchema, textBlockSchema, thinkingBlockSchema, toolResultSchema, toolSchema, toolUseSchema, urlSourceSchema } from './schema.ts';
import { CODE, DIALECT, SHAPE, type DocumentShape, type MessageShape } from './shape.ts';

export function decodeAnthropic(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  if (!check(CODE, documentSchema, json, [], out)) return { record: undefined, diagnostics: out };
  const top = json as JsonObject;
  const items = top.messages as unknown[];
  items.forEach((item, index) => {
    if (!isObject(item)) out.push(invalid(CODE, ['messages', index], 'expected an object', item));
    else if (typeof item.role !== 'string') out.push(invalid(CODE, ['messages', index, 'role'], 'expected a string', item.role));
  });
  if (out.length > 0) return { record: undefined, diagnostics: out };

  const record: Conversation = { kind: 'chat', messages: [], tools: [] };
  let extra = extraOf(top, ['messages', 'system', 'tools']);
  const shape: DocumentShape = {};
  if (typeof top.system === 'string') record.messages.push({ id: newId('m'), role: 'system', content: { type: 'text', text: top.system } });
  else if (Array.isArray(top.system)) {
    if (top.system.length === 0) shape.emptySystem = true;
    const system = top.system.map((block, i) => systemMessage(block, ['system', i], out));
    if (system.every((m): m is Message => m !== undefined)) record.messages.push(...system);
    else extra = withKey(extra, 'system', top.system);
  }
  (items as JsonObject[]).forEach((item, i) => {
    const path = ['messages', i];
    check(CODE, messageSchema, item, path, out);
    const decoded = decodeMessage(item, path, out);
    const first = decoded[0];
    if (first && record.messages[record.messages.length - 1]?.role === 'tool') withShape<Message, MessageShape>(first, SHAPE, { separate: true });
    record.messages.push(...decoded);
  });
  if (Array.isArray(top.tools)) record.tools = top.tools.map((entry, i) => decodeTool(entry, ['tools', i], out));
  if (extra) record.extra = extra;
  return { record: tagSource(withShape(record, SHAPE, shape), DIALECT), diagnostics: out };
}

function systemMessage(block: unknown, path: FieldPath, out: Diagnostic[]): Message | undefined {
  if (!check(CODE, blockSchema, block, path, out)) return undefined;
  const source = block as JsonObject;
  if (source.type !== 'text' || !check(CODE, textBlockSchema, source, path, out)) {
    if (source.type !== 'text') out.push(invalid(CODE, [...path, 'type'], 'expected "text" (system blocks are text)', source.type));
    return undefined;
  }
  return withExtra<Message>({ id: newId('m'), role: 'system', content: { type: 'text', text: source.text as string, mapping: true } }, extraOf(source, ['type', 'text']));
}

function decodeMessage(item: JsonObject, path: FieldPath, out: Diagnostic[]): Message[] {
  const role = item.role as string;
  const messageExtra = extraOf(item, ['role', 'content']);
  const content = item.content;
  if (typeof content === 'string') return [withExtra<Message>({ id: newId('m'), role, content: { type: 'text', text: content } }, messageExtra)];
  if (!Array.isArray(content)) {
    // Missing or unreadable content (reported by the schema) is kept raw.
    return [withExtra<Message>({ id: newId('m'), role }, 'content' in item ? withKey(messageExtra, 'content', content) : messageExtra)];
  }
  if (role === 'assistant') return [withExtra<Message>({ id: newId('m'), role, content: { type: 'blocks', blocks: assistantBlocks(content, [...path, 'content'], out) } }, messageExtra)];

  // User (or another role): tool results become tool messages, the rest parts.
  const messages: Message[] = [];
  let parts: Part[] | undefined = content.length === 0 ? [] : undefined;
  const flush = () => {
    if (parts) messages.push({ id: newId('m'), role, content: { type: 'parts', parts } });
    parts = undefined;
  };
  content.forEach((block, i) => {
    const blockPath = [...path, 'content', i];
    if (isObject(block) && block.type === 'tool_result') {
      if (parts) out.push(note(CODE, blockPath, 'a tool_result after other content; it is kept as its own tool message, and export writes it in a user message of its own'));
      flush();
      messages.push(toolResult(block, blockPath, out));
    } else (parts ??= []).push(userPart(block, blockPath, out));
  });
  flush();
  const [first] = messages;
  if (first && messageExtra) {
    // The message's own unknown keys go with its first model message.
    first.extra = { ...messageExtra, ...first.extra };
  }
  return messages;
}

function imagePart(block: JsonObject, path: FieldPath, out: Diagnostic[]): Part | undefined {
  if (!check(CODE, imageSchema, block, path, out)) return undefined;
  const source = block.source as JsonObject;
  let extra = extraOf(block, ['type', 'source']);
  if (source.type === 'base64' && check(CODE, base64SourceSchema, source, [...path, 'source'], out)) {
    const inner = extraOf(source, ['type', 'media_type', 'data']);
    if (inner) extra = withKey(extra, 'source', inner);
    const mediaType = source.media_type as string;
    return withExtra<Part>({ id: newId('p'), type: 'image', url: dataUrl(mediaType, source.data as string), mediaType }, extra);
  }
  if (source.type === 'url' && check(CODE, urlSourceSchema, source, [...path, 'source'], out)) {
    const inner = extraOf(source, ['type', 'url']);
    if (inner) extra = withKey(extra, 'source', inner);
    return withExtra<Part>({ id: newId('p'), type: 'image', url: source.url as string }, extra);
  }
  return undefined;
}

function userPart(block: unknown, path: FieldPath, out: Diagnostic[]): Part {
  if (!check(CODE, blockSchema, block, path, out)) return sourcePart(isObject(block) ? block : { value: block });
  const source = block as JsonObject;
  if (source.type === 'text' && check(CODE, textBlockSchema, source, path, out)) {
    return withExtra<Part>({ id: newId('p'), type: 'text', text: source.text as string }, extraOf(source, ['type', 'text']));
  }
  if (source.type === 'image') return imagePart(source, path, out) ?? sourcePart(source);
  return sourcePart(source);
}

function toolResult(block: JsonObject, path: FieldPath, out: Diagnostic[]): Message {
  check(CODE, toolResultSchema, block, path, out);
  const message: Message = { id: newId('m'), role: 'tool' };
  let extra = extraOf(block, ['type', 'tool_use_id', 'content', 'is_error']);
  if (typeof block.tool_use_id === 'string') message.toolCallId = block.tool_use_id;
  else if ('tool_use_id' in block) extra = withKey(extra, 'tool_use_id', block.tool_use_id);
  if (typeof block.content === 'string') message.content = { type: 'text', text: block.content };
  else if (Array.isArray(block.content)) message.content = { type: 'parts', parts: block.content.map((b, i) => userPart(b, [...path, 'content', i], out)) };
  else if ('content' in block) extra = withKey(extra, 'content', block.content);
  if (typeof block.is_error === 'boolean') message.isError = block.is_error;
  else if ('is_error' in block) extra = withKey(extra, 'is_error', block.is_error);
  return withExtra(message, extra);
}

function assistantBlocks(items: unknown[], path: FieldPath, out: Diagnostic[]): Block[] {
  const blocks: Block[] = [];
  items.forEach((item, i) => {
    const blockPath = [...path, i];
    const unknown = (): Block => ({ id: newId('b'), type: 'unknown', sourceType: isObject(item) && typeof item.type === 'string' ? item.type : '', raw: isObject(item) ? item : { value: item } });
    if (!check(CODE, blockSchema, item, blockPath, out)) {
      blocks.push(unknown());
      return;
    }
    const source = item as JsonObject;
    switch (source.type) {
      case 'text':
        if (!check(CODE, textBlockSchema, source, blockPath, out)) blocks.push(unknown());
        else blocks.push(withExtra<ResponseBlock>({ id: newId('b'), type: 'response', text: source.text as string }, extraOf(source, ['type', 'text'])));
        return;
      case 'thinking':
        if (!check(CODE, thinkingBlockSchema, source, blockPath, out)) blocks.push(unknown());
        else blocks.push(withExtra<ThoughtsBlock>({ id: newId('b'), type: 'thoughts', text: source.thinking as string }, extraOf(source, ['type', 'thinking'])));
        return;
      case 'tool_use': {
        if (!check(CODE, toolUseSchema, source, blockPath, out)) {
          blocks.push(unknown());
          return;
        }
        const { text, wasObject } = argumentsText(source.input);
        const call = withExtra<ToolCall>({ id: newId('c'), callId: source.id as string, name: source.name as string, arguments: text }, extraOf(source, ['type', 'id', 'name', 'input']));
        if (wasObject) call.argumentsWasObject = true;
        const last = blocks[blocks.length - 1];
        if (last?.type === 'tool_calls') last.calls.push(call);
        else blocks.push({ id: newId('b'), type: 'tool_calls', calls: [call] });
        return;
      }
      default:
        blocks.push(unknown());
    }
  });
  return blocks;
}

function decodeTool(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolDefinition {
  if (isObject(entry) && typeof entry.type === 'string' && !('input_schema' in entry)) return rawToolFrom(entry, newId('t'));
  if (!check(CODE, toolSchema, entry, path, out)) return rawToolFrom(isObject(entry) ? entry : { type: '', value: entry }, newId('t'));
  const source = entry as JsonObject;
  const tool: ToolDefinition = { id: newId('t'), name: source.name as string };
  if (typeof source.description === 'string') tool.description = source.description;
  if ('input_schema' in source) tool.parameters = source.input_schema;
  return withExtra(tool, extraOf(source, ['name', 'description', 'input_schema']));
}
