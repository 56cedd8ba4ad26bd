/**
 * OpenAI Responses JSON → Conversation. Canonical mapping (exact round trip):
 * - `instructions` → a leading system message (noted); `input` string → one user message.
 * - `message` items of the user, system and developer roles → messages (string → text, parts
 *   → parts: `input_text`, `input_image` with an `image_url`, others kept whole).
 * - The assistant side of a turn (consecutive `reasoning`, assistant `message`,
 *   `function_call` and other items) → one assistant message with blocks: reasoning →
 *   thoughts (summary texts joined by a blank line; the item's `id`, `encrypted_content` … in
 *   `extra`), each `output_text` part → a response block, consecutive `function_call` items →
 *   one tool_calls block (`call_id` → `callId`; the item's `id`, `status` in the call's
 *   `extra`), an item of another type → an unknown block. The same turn renders in Apertus as
 *   one structured assistant message and in RWKV as its blocks.
 * - `function_call_output` → a tool message (`call_id` → `toolCallId`).
 * - The spec 004 table's shapes (`tool_call` / `tool_result` parts in messages) are read as calls
 *   and tool messages; export writes the real item types (an info diagnostic says so).
 */
import { type Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Conversation, Message, Part, ResponseBlock, ThoughtsBlock, ToolCall, ToolCallsBlock, ToolDefinition } from '../../model/types.ts';
import type { DecodeResult } from '../types.ts';
import { argumentsText } from '../shared/arguments.ts';
import { check, pathLabel } from '../shared/issues.ts';
import { extraOf, isObject, withExtra, withKey, type JsonObject } from '../../shared/json.ts';
import { sourcePart, withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { rawToolFrom } from '../shared/tools.ts';
import { documentSchema, functionCallOutputSchema, functionCallSchema, functionToolSchema, itemSchema, messageSchema, partSchema, reasoningSchema, textPartSchema, toolSchema } from './schema.ts';
import { CODE, DIALECT, SHAPE, TABLE_SHAPE, type BlockShape, type DocumentShape, type ItemNote, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

class Decoder {
  readonly out: Diagnostic[] = [];
  readonly messages: Message[] = [];
  /** The assistant message collecting the current turn's items, if one is open. */
  private turn: (Message & { content: { type: 'blocks'; blocks: Block[] } }) | undefined;
  private turnHasMessageItem = false;

  blocks(): Block[] {
    if (!this.turn) {
      this.turn = { id: newId('m'), role: 'assistant', content: { type: 'blocks', blocks: [] } };
      this.turnHasMessageItem = false;
      this.messages.push(this.turn);
    }
    return this.turn.content.blocks;
  }

  push(message: Message): void {
    this.turn = undefined;
    this.messages.push(message);
  }

  info(path: FieldPath, text: string): void {
    this.out.push({ severity: 'info', code: TABLE_SHAPE, message: `${pathLabel(path)}: ${text}`, path });
  }

  item(item: unknown, path: FieldPath): void {
    const { out } = this;
    const unknown = (source: JsonObject) => this.blocks().push({ id: newId('b'), type: 'unknown', sourceType: typeof source.type === 'string' ? source.type : '', raw: source });
    if (!check(CODE, itemSchema, item, path, out)) {
      this.blocks().push({ id: newId('b'), type: 'unknown', sourceType: '', raw: isObject(item) ? item : { value: item } });
      return;
    }
    const source = item as JsonObject;
    const type = source.type;
    if (type === 'message' || (type === undefined && 'role' in source)) {
      if (!check(CODE, messageSchema, source, path, out)) return void unknown(source);
      if (source.role === 'assistant') this.assistantMessage(source, path);
      else this.inputMessage(source, path);
    } else if (type === 'reasoning') {
      if (!check(CODE, reasoningSchema, source, path, out)) return void unknown(source);
      this.blocks().push(reasoningBlock(source));
    } else if (type === 'function_call') {
      if (!check(CODE, functionCallSchema, source, path, out)) return void unknown(source);
      const call = withExtra<ToolCall>({ id: newId('c'), callId: source.call_id as string, name: source.name as string, arguments: source.arguments as string }, extraOf(source, ['type', 'call_id', 'name', 'arguments']));
      this.addCall(call);
    } else if (type === 'function_call_output') {
      if (!check(CODE, functionCallOutputSchema, source, path, out)) return void unknown(source);
      const message: Message = { id: newId('m'), role: 'tool', toolCallId: source.call_id as string };
      message.content = typeof source.output === 'string' ? { type: 'text', text: source.output } : { type: 'parts', parts: this.parts(source.output as unknown[], 'tool', [...path, 'output']) };
      this.push(withExtra(message, extraOf(source, ['type', 'call_id', 'output'])));
    } else unknown(source);
  }

  addCall(call: ToolCall): void {
    const blocks = this.blocks();
    const last = blocks[blocks.length - 1];
    if (last?.type === 'tool_calls') last.calls.push(call);
    else blocks.push({ id: newId('b'), type: 'tool_calls', calls: [call] } satisfies ToolCallsBlock);
  }

  inputMessage(source: JsonObject, path: FieldPath): void {
    const role = source.role as string;
    const shape: MessageShape = source.type === 'message' ? { typed: true } : {};
    const extra = extraOf(source, ['type', 'role', 'content']);
    if (typeof source.content === 'string') {
      this.push(withShape(withExtra<Message>({ id: newId('m'), role, content: { type: 'text', text: source.content } }, extra), SHAPE, shape));
      return;
    }
    // Spec 004 table: `{"role": "user", "content": [{"type": "tool_result", …}]}`.
    const items = source.content as unknown[];
    const results = items.filter((p) => isObject(p) && p.type === 'tool_result');
    if (results.length > 0) {
      this.info(path, 'read as function_call_output items (the spec 004 table shape); export writes the real item type');
      for (const [i, part] of items.entries()) {
        if (isObject(part) && part.type === 'tool_result') {
          const message: Message = { id: newId('m'), role: 'tool', content: { type: 'text', text: argumentsText(part.output).text } };
          if (typeof part.tool_call_id === 'string') message.toolCallId = part.tool_call_id;
          this.push(withExtra(message, extraOf(part, ['type', 'tool_call_id', 'output'])));
        } else this.push({ id: newId('m'), role, content: { type: 'parts', parts: this.parts([part], role, [...path, 'content', i]) } });
      }
      return;
    }
    this.push(withShape(withExtra<Message>({ id: newId('m'), role, content: { type: 'parts', parts: this.parts(items, role, [...path, 'content']) } }, extra), SHAPE, shape));
  }

  assistantMessage(source: JsonObject, path: FieldPath): void {
    const blocks = this.blocks();
    const note: ItemNote = {};
    if (source.type === 'message') note.typed = true;
    const extra = extraOf(source, ['type', 'role', 'content']);
    if (!this.turnHasMessageItem && this.turn) {
      if (extra) this.turn.extra = extra;
    } else if (extra) note.extra = extra;
    this.turnHasMessageItem = true;
    const start = blocks.length;
    if (typeof source.content === 'string') {
      note.stringContent = true;
      blocks.push({ id: newId('b'), type: 'response', text: source.content });
    } else {
      (source.content as unknown[]).forEach((part, i) => {
        const partPath = [...path, 'content', i];
        if (isObject(part) && part.type === 'tool_call') {
          // Spec 004 table: `{"role": "assistant", "content": [{"type": "tool_call", …}]}`.
          this.info(partPath, 'read as a function_call item (the spec 004 table shape); export writes the real item type');
          const call: ToolCall = { id: newId('c'), name: typeof part.name === 'string' ? part.name : '', arguments: argumentsText(part.arguments).text };
          if (typeof part.id === 'string') call.callId = part.id;
          this.addCall(withExtra(call, extraOf(part, ['type', 'id', 'name', 'arguments'])));
          return;
        }
        if (check(CODE, partSchema, part, partPath, this.out) && (part as JsonObject).type === 'output_text' && check(CODE, textPartSchema, part, partPath, this.out)) {
          const p = part as JsonObject;
          blocks.push(withExtra<ResponseBlock>({ id: newId('b'), type: 'response', text: p.text as string }, extraOf(p, ['type', 'text'])));
        } else {
          const raw = isObject(part) ? part : { value: part };
          blocks.push(withShape<Block, BlockShape>({ id: newId('b'), type: 'unknown', sourceType: typeof raw.type === 'string' ? raw.type : '', raw }, SHAPE, { part: true }));
        }
      });
      if (blocks.length === start) {
        note.emptyContent = true;
        blocks.push({ id: newId('b'), type: 'response', text: '' });
      }
    }
    const first = blocks.slice(start).find((b) => b.type === 'response' || b.type === 'unknown');
    if (first) {
      const shape = (first as { [SHAPE]?: BlockShape })[SHAPE] ?? {};
      withShape(first, SHAPE, { ...shape, item: note });
    }
  }

  parts(items: unknown[], role: string, path: FieldPath): Part[] {
    const defaultType = role === 'assistant' ? 'output_text' : 'input_text';
    return items.map((item, i) => {
      const partPath = [...path, i];
      if (!check(CODE, partSchema, item, partPath, this.out)) return sourcePart(isObject(item) ? item : { value: item });
      const part = item as JsonObject;
      if ((part.type === 'input_text' || part.type === 'output_text') && check(CODE, textPartSchema, part, partPath, this.out)) {
        const text = withExtra<Part>({ id: newId('p'), type: 'text', text: part.text as string }, extraOf(part, ['type', 'text']));
        return withShape<Part, PartShape>(text, SHAPE, part.type === defaultType ? undefined : { partType: part.type });
      }
      if (part.type === 'input_image' && typeof part.image_url === 'string') {
        return withExtra<Part>({ id: newId('p'), type: 'image', url: part.image_url }, extraOf(part, ['type', 'image_url']));
      }
      return sourcePart(part);
    });
  }
}

function reasoningBlock(source: JsonObject): ThoughtsBlock {
  const summary = source.summary as JsonObject[];
  const block = withExtra<ThoughtsBlock>({ id: newId('b'), type: 'thoughts', text: summary.map((p) => p.text as string).join('\n\n') }, extraOf(source, ['type', 'summary']));
  const [only] = summary;
  const plain = summary.length === 1 && only !== undefined && only.type === 'summary_text' && Object.keys(only).length === 2;
  return plain ? block : withShape<ThoughtsBlock, BlockShape>(block, SHAPE, { summary });
}

function decodeTool(entry: unknown, path: FieldPath, out: Diagnostic[]): ToolDefinition {
  if (!check(CODE, toolSchema, entry, path, out)) return rawToolFrom(isObject(entry) ? entry : { type: '', value: entry }, newId('t'));
  const source = entry as JsonObject;
  if (source.type !== 'function') return rawToolFrom(source, newId('t'));
  if (isObject(source.function) && !('name' in source)) {
    // Chat Completions' nested shape, as some clients send it.
    const fn = source.function;
    if (!check(CODE, functionToolSchema, fn, [...path, 'function'], out)) return rawToolFrom(source, newId('t'));
    const { tool, extra: inner } = functionTool(fn, []);
    tool.wrapped = true;
    let extra = extraOf(source, ['type', 'function']);
    if (inner) extra = withKey(extra, 'function', inner);
    return withShape<ToolDefinition, ToolShape>(withExtra(tool, extra), SHAPE, { wrapped: true });
  }
  if (!check(CODE, functionToolSchema, source, path, out)) return rawToolFrom(source, newId('t'));
  const { tool, extra } = functionTool(source, ['type']);
  return withExtra(tool, extra);
}

/** A function tool and the unknown keys of its object (a null `description`, which the API allows, stays there). */
function functionTool(fn: JsonObject, alsoKnown: string[]): { tool: ToolDefinition; extra: JsonObject | undefined } {
  const tool: ToolDefinition = { id: newId('t'), name: fn.name as string };
  let extra = extraOf(fn, [...alsoKnown, 'name', 'description', 'parameters']);
  if (typeof fn.description === 'string') tool.description = fn.description;
  else if ('description' in fn) extra = withKey(extra, 'description', fn.description);
  if ('parameters' in fn) tool.parameters = fn.parameters;
  return { tool, extra };
}

export function decodeOpenAiResponses(json: unknown): DecodeResult {
  const decoder = new Decoder();
  const { out } = decoder;
  if (!check(CODE, documentSchema, json, [], out)) return { record: undefined, diagnostics: out };
  const top = json as JsonObject;
  const shape: DocumentShape = {};
  let extra = extraOf(top, ['input', 'instructions', 'tools']);
  if (typeof top.instructions === 'string') decoder.push(withShape<Message, MessageShape>({ id: newId('m'), role: 'system', content: { type: 'text', text: top.instructions } }, SHAPE, { instructions: true }));
  else if ('instructions' in top) extra = withKey(extra, 'instructions', top.instructions);
  if (typeof top.input === 'string') {
    shape.inputString = true;
    decoder.push({ id: newId('m'), role: 'user', content: { type: 'text', text: top.input } });
  } else (top.input as unknown[]).forEach((item, i) => decoder.item(item, ['input', i]));
  const record: Conversation = { kind: 'chat', messages: decoder.messages, tools: [] };
  if (Array.isArray(top.tools)) record.tools = top.tools.map((entry, i) => decodeTool(entry, ['tools', i], out));
  if (extra) record.extra = extra;
  return { record: tagSource(withShape(record, SHAPE, shape), DIALECT), diagnostics: out };
}
