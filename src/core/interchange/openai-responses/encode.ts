/**
 * Conversation → OpenAI Responses JSON (`input` items with the real item types). An assistant
 * message becomes its items in order: thoughts → `reasoning`, text → assistant `message`
 * items, calls → `function_call`, tool outputs → `function_call_output`; tool messages →
 * `function_call_output`. Calls and results without ids get those of shared/call-id-plan.ts
 * (`call_id` is required). Lost and reported: speaker names, error flags, tool names of
 * results, `returns` schemas, value types, FIM structure, thought kinds, and what other
 * dialects kept that Responses has no equivalent for.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Extra, Message, Part, ParleyRecord, ToolCall, ToolDefinition, ToolOutput } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { OptionValues } from '../../shared/options.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { planCallIds, type CallIdPlan, type RequiredResultId } from '../shared/call-id-plan.ts';
import { merge, mergeFirst, type JsonObject } from '../../shared/json.ts';
import { fallbackPart, type TextFallback } from '../shared/part-fallback.ts';
import { shapeOf } from '../shared/shape.ts';
import { flatFunctionJson, flatToolExtra, keepsRawTool, ownTool, rawToolJson, wrappedToolExtra } from '../shared/tools.ts';
import { CODE, DIALECT, SHAPE, TARGET, type BlockShape, type DocumentShape, type MessageShape, type PartShape, type ToolShape } from './shape.ts';

export const MISSING_CALL_ID = 'openai-responses/missing-call-id';

const REQUIRED_ID: RequiredResultId = { code: MISSING_CALL_ID, requires: 'Responses requires call_id', outputNoun: 'tool output' };
const TEXT_FALLBACK: TextFallback = { dialect: 'Responses', unit: 'parts', textType: 'input_text' };

export function encodeOpenAiResponses(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'OpenAI Responses holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const wants = how?.wants?.bind(how);
  const losses = new Losses(TARGET, out, DIALECT, wants);
  const ids = planCallIds(record, { generate: true, target: TARGET, out, wants, required: REQUIRED_ID });
  const doc: JsonObject = {};
  let messages = record.messages.map((message, i) => ({ message, path: ['messages', i] as FieldPath }));
  const first = messages[0]?.message;
  if (first && shapeOf<MessageShape>(first, SHAPE)?.instructions && first.role === 'system' && first.content?.type === 'text') {
    doc.instructions = first.content.text;
    if (first.name !== undefined) losses.add('the speaker name', ['messages', 0, 'name']);
    losses.extra(first.extra, ['messages', 0], 'instructions are a string');
    messages = messages.slice(1);
  }
  const only = messages[0]?.message;
  if (shapeOf<DocumentShape>(record, SHAPE)?.inputString && messages.length === 1 && only?.role === 'user' && only.content?.type === 'text' && !only.extra && only.name === undefined && !shapeOf<MessageShape>(only, SHAPE)?.typed) {
    doc.input = only.content.text;
  } else doc.input = messages.flatMap(({ message, path }) => encodeMessage(message, path, losses, ids));
  if (record.tools.length > 0) doc.tools = record.tools.flatMap((tool, i) => encodeTool(tool, ['tools', i], losses) ?? []);
  return { json: mergeFirst(doc, losses.extraOf(record, 'document', []), losses.clash([])), diagnostics: out };
}

function encodeTool(source: ToolDefinition, path: FieldPath, losses: Losses): JsonObject | undefined {
  if (source.returns !== undefined) losses.add('the returns schema', [...path, 'returns']);
  if (source.type !== undefined) {
    const raw = source as ToolDefinition & { type: string };
    return keepsRawTool(raw, losses, path) ? rawToolJson(raw) : undefined;
  }
  const tool = ownTool(source, losses, path);
  if (shapeOf<ToolShape>(tool, SHAPE)?.wrapped) {
    const { outer, inner } = wrappedToolExtra(tool);
    return merge({ type: 'function', function: flatFunctionJson(tool, 'parameters', inner, losses.clash(path)) }, outer, losses.clash(path));
  }
  return { type: 'function', ...flatFunctionJson(tool, 'parameters', flatToolExtra(tool), losses.clash(path)) };
}

function encodeMessage(message: Message, path: FieldPath, losses: Losses, ids: CallIdPlan): JsonObject[] {
  if (message.name !== undefined && message.role !== 'tool') losses.add(`the speaker name ${JSON.stringify(message.name)}`, [...path, 'name'], 'Responses items have no name');
  if (message.role === 'tool' || message.role === 'function') return [toolMessageItem(message, path, losses, ids)];
  if (message.isError !== undefined) losses.add('the error flag', [...path, 'isError']);
  if (message.role === 'assistant') return assistantItems(message, path, losses, ids);
  if (message.toolCalls?.length) message.toolCalls.forEach((_, c) => losses.add('a tool call', [...path, 'toolCalls', c], `a ${message.role} item has no calls`));
  const item: JsonObject = shapeOf<MessageShape>(message, SHAPE)?.typed ? { type: 'message' } : {};
  item.role = message.role;
  const content = message.content;
  if (content?.type === 'text') item.content = content.text;
  else if (content?.type === 'parts') item.content = encodeParts(content.parts, message.role, [...path, 'content'], losses);
  else if (content?.type === 'blocks') item.content = content.blocks.flatMap((block, b) => blockAsPart(block, message.role, [...path, 'content', 'blocks', b], losses));
  else item.content = '';
  return [merge(item, losses.extraOf(message, 'message', path), losses.clash(path))];
}

function blockAsPart(block: Block, role: string, path: FieldPath, losses: Losses): JsonObject[] {
  if (block.type === 'response' || block.type === 'thoughts') return [merge({ type: role === 'assistant' ? 'output_text' : 'input_text', text: block.text }, losses.extraOf(block, 'text', path))];
  if (block.type === 'unknown') return losses.keepsRaw(block, block.raw, `a block of type ${JSON.stringify(block.sourceType)}`, path) ? [block.raw] : [];
  losses.add(`a ${block.type} block`, path, `a ${role} item has no such content`);
  return [];
}

function toolMessageItem(message: Message, path: FieldPath, losses: Losses, ids: CallIdPlan): JsonObject {
  const item: JsonObject = { type: 'function_call_output' };
  const id = ids.requiredResultId(message, path);
  if (id !== undefined) item.call_id = id;
  const content = message.content;
  if (content?.type === 'parts') item.output = encodeParts(content.parts, 'tool', [...path, 'content'], losses);
  else if (content?.type === 'blocks') item.output = content.blocks.map((b) => ('text' in b ? b.text : '')).join('');
  else item.output = content?.type === 'text' ? content.text : '';
  if (message.isError !== undefined) losses.add(`the error flag (${String(message.isError)})`, [...path, 'isError']);
  if (message.name !== undefined) losses.add(`the tool name ${JSON.stringify(message.name)}`, [...path, 'name'], 'a function_call_output has no name');
  return merge(item, losses.extraOf(message, 'message', path), losses.clash(path));
}

function outputItem(output: ToolOutput, path: FieldPath, losses: Losses, ids: CallIdPlan): JsonObject {
  const item: JsonObject = { type: 'function_call_output' };
  const id = ids.requiredResultId(output, path);
  if (id !== undefined) item.call_id = id;
  item.output = output.output;
  if (output.isError !== undefined) losses.add(`the error flag (${String(output.isError)})`, [...path, 'isError']);
  if (output.name !== undefined) losses.add(`the tool name ${JSON.stringify(output.name)}`, [...path, 'name'], 'a function_call_output has no name');
  return merge(item, losses.extraOf(output, 'message', path), losses.clash(path));
}

function callItem(call: ToolCall, path: FieldPath, losses: Losses, ids: CallIdPlan): JsonObject {
  const item: JsonObject = { type: 'function_call' };
  const id = ids.callId(call);
  if (id !== undefined) item.call_id = id;
  item.name = call.name;
  item.arguments = call.arguments;
  if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, [...path, 'type']);
  return merge(item, losses.extraOf(call, 'call', path), losses.clash(path));
}

function reasoningItem(block: Extract<Block, { type: 'thoughts' }>, path: FieldPath, losses: Losses): JsonObject {
  if (block.kind !== undefined) losses.add(`the thought kind ${JSON.stringify(block.kind)}`, [...path, 'kind']);
  const stored = shapeOf<BlockShape>(block, SHAPE)?.summary;
  const summary = stored && stored.map((p) => p.text).join('\n\n') === block.text ? stored : [{ type: 'summary_text', text: block.text }];
  return merge({ type: 'reasoning', summary }, losses.extraOf(block, 'thoughts', path), losses.clash(path));
}

/** The items of an assistant message, in the order of its content. */
function assistantItems(message: Message, path: FieldPath, losses: Losses, ids: CallIdPlan): JsonObject[] {
  const items: JsonObject[] = [];
  let messageExtra: Extra | undefined = losses.extraOf(message, 'message', path);
  let open: { item: JsonObject; parts: JsonObject[] } | undefined;
  const close = () => (open = undefined);
  const startItem = (note: NonNullable<BlockShape['item']> | undefined): { item: JsonObject; parts: JsonObject[] } => {
    const parts: JsonObject[] = [];
    const item: JsonObject = note === undefined || note.typed ? { type: 'message' } : {};
    item.role = 'assistant';
    item.content = parts;
    const extra = messageExtra ?? note?.extra;
    messageExtra = undefined;
    if (extra) merge(item, extra, losses.clash(path));
    items.push(item);
    open = { item, parts };
    return open;
  };
  const addPart = (part: JsonObject, note: NonNullable<BlockShape['item']> | undefined, text?: string) => {
    const target = note || !open ? startItem(note) : open;
    if (note?.stringContent && text !== undefined) target.item.content = text;
    else if (note?.emptyContent && text === '') target.item.content = [];
    else return void target.parts.push(part);
    close(); // the item's content is written whole: what follows starts another item
  };
  const content = message.content;
  if (content?.type === 'blocks') {
    content.blocks.forEach((block, b) => {
      const blockPath = [...path, 'content', 'blocks', b];
      const shape = shapeOf<BlockShape>(block, SHAPE);
      switch (block.type) {
        case 'response':
          addPart(merge({ type: 'output_text', text: block.text }, losses.extraOf(block, 'text', blockPath), losses.clash(blockPath)), shape?.item, block.text);
          return;
        case 'unknown':
          if (!losses.keepsRaw(block, block.raw, `a block of type ${JSON.stringify(block.sourceType)}`, blockPath)) return;
          if (shape?.part) addPart(block.raw, shape.item);
          else {
            close();
            items.push(block.raw);
          }
          return;
        case 'thoughts':
          close();
          items.push(reasoningItem(block, blockPath, losses));
          return;
        case 'tool_calls':
          close();
          block.calls.forEach((call, c) => items.push(callItem(call, [...blockPath, 'calls', c], losses, ids)));
          return;
        case 'tool_outputs':
          close();
          block.outputs.forEach((output, o) => items.push(outputItem(output, [...blockPath, 'outputs', o], losses, ids)));
          return;
      }
    });
  } else if (content?.type === 'text') {
    // From another dialect: an easy input message; an empty text beside calls is not worth an item.
    if (!(content.text === '' && message.toolCalls?.length)) items.push(merge({ role: 'assistant', content: content.text }, takeExtra()));
  } else if (content?.type === 'parts') {
    items.push(merge({ type: 'message', role: 'assistant', content: encodeParts(content.parts, 'assistant', [...path, 'content'], losses) }, takeExtra()));
  }
  close();
  message.toolCalls?.forEach((call, c) => items.push(callItem(call, [...path, 'toolCalls', c], losses, ids)));
  if (messageExtra) losses.extra(messageExtra, path, 'the assistant turn has no message item to keep them on');
  if (message.toolCallId !== undefined) losses.id('the tool call id', [...path, 'toolCallId'], 'a Responses message item has no call id');
  return items;

  function takeExtra(): Extra | undefined {
    const extra = messageExtra;
    messageExtra = undefined;
    return extra;
  }
}

/** The parts Responses can take (`path`: the content's). */
function encodeParts(parts: readonly Part[], role: string, path: FieldPath, losses: Losses): JsonObject[] {
  return parts.flatMap((part, j): JsonObject[] => {
    const json = encodePart(part, role, [...path, 'parts', j], losses);
    return json ? [json] : [];
  });
}

function encodePart(part: Part, role: string, path: FieldPath, losses: Losses): JsonObject | undefined {
  switch (part.type) {
    case 'text': {
      const type = shapeOf<PartShape>(part, SHAPE)?.partType ?? (role === 'assistant' ? 'output_text' : 'input_text');
      return merge({ type, text: part.text }, losses.extraOf(part, 'text', path), losses.clash(path));
    }
    case 'image':
      // Chat Completions' `image_url.detail` arrives as `detail` (shared/equivalents.ts).
      return merge({ type: 'input_image', image_url: part.url }, losses.extraOf(part, 'image', path), losses.clash(path));
    case 'value':
    case 'fim':
      return fallbackPart(part, path, losses, TEXT_FALLBACK);
  }
}
