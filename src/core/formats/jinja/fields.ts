/**
 * The fields of a record whose text a template may write as it is, each with its path (the
 * same paths the native formats give their spans) and whether it is training target, and a
 * copy of the record with chosen fields wrapped in markers (markers.ts). Only fields the
 * OpenAI-chat encoding passes to the template verbatim are listed: text content and text parts,
 * response blocks, tool call names and string arguments, tool outputs and speaker names.
 * Thoughts are not (that encoding has no reasoning field), nor arguments read as a JSON object
 * (the template receives an object, not the text).
 */
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Message, ParleyRecord, ToolCall } from '../../model/types.ts';
import { marked } from './markers.ts';

export interface TextField {
  path: FieldPath;
  text: string;
  trainable: boolean;
}

/** Visits each listed field: `set` replaces its text in the object it was read from. */
type Visit = (path: FieldPath, text: string, trainable: boolean, set: (text: string) => void) => void;

function visitCall(call: ToolCall, path: FieldPath, trainable: boolean, visit: Visit): void {
  visit([...path, 'name'], call.name, trainable, (text) => (call.name = text));
  if (!call.argumentsWasObject) visit([...path, 'arguments'], call.arguments, trainable, (text) => (call.arguments = text));
}

function visitBlock(block: Block, path: FieldPath, trainable: boolean, visit: Visit): void {
  switch (block.type) {
    case 'response':
      visit([...path, 'text'], block.text, trainable, (text) => (block.text = text));
      break;
    case 'tool_calls':
      block.calls.forEach((call, c) => visitCall(call, [...path, 'calls', c], trainable, visit));
      break;
    case 'tool_outputs':
      // Outputs are what the tool wrote, not the assistant: never training target.
      block.outputs.forEach((output, o) => visit([...path, 'outputs', o, 'output'], output.output, false, (text) => (output.output = text)));
      break;
    default:
      break;
  }
}

function visitContent(content: Content, path: FieldPath, trainable: boolean, visit: Visit): void {
  if (content.type === 'text') visit(path, content.text, trainable, (text) => (content.text = text));
  else if (content.type === 'parts') {
    content.parts.forEach((part, j) => {
      if (part.type === 'text') visit([...path, 'parts', j, 'text'], part.text, trainable, (text) => (part.text = text));
    });
  } else content.blocks.forEach((block, b) => visitBlock(block, [...path, 'blocks', b], trainable, visit));
}

function visitMessage(message: Message, path: FieldPath, visit: Visit): void {
  const trainable = message.role === 'assistant';
  if (message.name !== undefined) visit([...path, 'name'], message.name, false, (text) => (message.name = text));
  if (message.content) visitContent(message.content, [...path, 'content'], trainable, visit);
  message.toolCalls?.forEach((call, c) => visitCall(call, [...path, 'toolCalls', c], trainable, visit));
}

function visitRecord(record: ParleyRecord, visit: Visit): void {
  if (record.kind !== 'chat') return;
  record.messages.forEach((message, i) => visitMessage(message, ['messages', i], visit));
}

/** The fields in record order; field `i` is marked with id `i`. Empty texts are left out (nothing to find). */
export function textFields(record: ParleyRecord): TextField[] {
  const fields: TextField[] = [];
  visitRecord(record, (path, text, trainable) => {
    if (text !== '') fields.push({ path, text, trainable });
  });
  return fields;
}

/** A copy of `record` with the fields whose ids are in `chosen` wrapped in markers (ids as `textFields` numbers them). */
export function markedRecord(record: ParleyRecord, chosen: ReadonlySet<number>): ParleyRecord {
  const copy = structuredClone(record);
  let id = 0;
  visitRecord(copy, (_path, text, _trainable, set) => {
    if (text === '') return;
    if (chosen.has(id)) set(marked(id, text));
    id++;
  });
  return copy;
}
