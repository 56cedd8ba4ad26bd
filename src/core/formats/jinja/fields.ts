/**
 * The fields of a record whose text a template may write as it is, each with its path (the
 * same paths the native formats give their spans) and whether it is training target, and a
 * copy of the record with chosen fields wrapped in markers (markers.ts). Only fields the
 * message builder passes to the template verbatim are listed: text content and text parts,
 * response blocks, tool call names and string arguments, tool outputs and speaker names.
 * Thoughts are not (yet: they reach the template joined under one key), nor arguments passed as
 * a JSON object (the template receives an object, not the text: arguments-mode.ts).
 */
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Message, ParleyRecord, ToolCall } from '../../model/types.ts';
import { argumentsObject, type ArgumentsMode } from '../shared/arguments-mode.ts';
import { marked } from './markers.ts';

export interface TextField {
  path: FieldPath;
  text: string;
  trainable: boolean;
}

/** Visits each listed field: `set` replaces its text in the object it was read from. */
type Visit = (path: FieldPath, text: string, trainable: boolean, set: (text: string) => void) => void;

/** A visit, and the arguments option (which decides which arguments reach the template as text). */
interface Walk {
  visit: Visit;
  mode: ArgumentsMode;
}

function visitCall(call: ToolCall, path: FieldPath, trainable: boolean, walk: Walk): void {
  walk.visit([...path, 'name'], call.name, trainable, (text) => (call.name = text));
  if (argumentsObject(call, walk.mode) === undefined) walk.visit([...path, 'arguments'], call.arguments, trainable, (text) => (call.arguments = text));
}

function visitBlock(block: Block, path: FieldPath, trainable: boolean, walk: Walk): void {
  switch (block.type) {
    case 'response':
      walk.visit([...path, 'text'], block.text, trainable, (text) => (block.text = text));
      break;
    case 'tool_calls':
      block.calls.forEach((call, c) => visitCall(call, [...path, 'calls', c], trainable, walk));
      break;
    case 'tool_outputs':
      // Outputs are what the tool wrote, not the assistant: never training target.
      block.outputs.forEach((output, o) => walk.visit([...path, 'outputs', o, 'output'], output.output, false, (text) => (output.output = text)));
      break;
    default:
      break;
  }
}

function visitContent(content: Content, path: FieldPath, trainable: boolean, walk: Walk): void {
  if (content.type === 'text') walk.visit(path, content.text, trainable, (text) => (content.text = text));
  else if (content.type === 'parts') {
    content.parts.forEach((part, j) => {
      if (part.type === 'text') walk.visit([...path, 'parts', j, 'text'], part.text, trainable, (text) => (part.text = text));
    });
  } else content.blocks.forEach((block, b) => visitBlock(block, [...path, 'blocks', b], trainable, walk));
}

function visitMessage(message: Message, path: FieldPath, walk: Walk): void {
  const trainable = message.role === 'assistant';
  if (message.name !== undefined) walk.visit([...path, 'name'], message.name, false, (text) => (message.name = text));
  if (message.content) visitContent(message.content, [...path, 'content'], trainable, walk);
  message.toolCalls?.forEach((call, c) => visitCall(call, [...path, 'toolCalls', c], trainable, walk));
}

function visitRecord(record: ParleyRecord, visit: Visit, mode: ArgumentsMode): void {
  if (record.kind !== 'chat') return;
  const walk: Walk = { visit, mode };
  record.messages.forEach((message, i) => visitMessage(message, ['messages', i], walk));
}

/** The fields in record order; field `i` is marked with id `i`. Empty texts are left out (nothing to find). */
export function textFields(record: ParleyRecord, argumentsMode: ArgumentsMode): TextField[] {
  const fields: TextField[] = [];
  visitRecord(record, (path, text, trainable) => {
    if (text !== '') fields.push({ path, text, trainable });
  }, argumentsMode);
  return fields;
}

/** A copy of `record` with the fields whose ids are in `chosen` wrapped in markers (ids as `textFields` numbers them). */
export function markedRecord<R extends ParleyRecord>(record: R, chosen: ReadonlySet<number>, argumentsMode: ArgumentsMode): R {
  const copy = structuredClone(record);
  let id = 0;
  visitRecord(copy, (_path, text, _trainable, set) => {
    if (text === '') return;
    if (chosen.has(id)) set(marked(id, text));
    id++;
  }, argumentsMode);
  return copy;
}
