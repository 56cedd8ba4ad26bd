/**
 * The kinds of empty field a record has, for the record list's "Empty field" filter: a search
 * needs a text to find, so "which records have an empty assistant turn" cannot be a search.
 * White space counts as empty (a reply of " " is as empty to a reader as one of "").
 *
 * - `assistant`: an assistant message with no text, no tool call, no thoughts and nothing else
 *   (an image, a block of unknown type);
 * - `user`, `system`: such a message with no text and nothing else;
 * - `arguments`: a tool call whose arguments are empty or `{}`;
 * - `result`: a tool result with no text (a `tool` message, or an output in a tool-outputs block).
 */
import type { Block, Content, Message, ParleyRecord, Part, ToolCall } from '../model/types.ts';

export const EMPTY_FIELD_KINDS = ['assistant', 'user', 'system', 'arguments', 'result'] as const;
export type EmptyFieldKind = (typeof EMPTY_FIELD_KINDS)[number];

/** The kind of empty field an empty message of a role is (other roles are not counted). */
// A Map, not an object: a role is any string a file holds, `constructor` included.
const MESSAGE_KINDS: ReadonlyMap<string, EmptyFieldKind> = new Map([
  ['assistant', 'assistant'],
  ['user', 'user'],
  ['system', 'system'],
  ['tool', 'result'],
]);

/** Shared by every record without one, so that a summary costs nothing more for them. */
const NONE: readonly EmptyFieldKind[] = Object.freeze([]);

/** The kinds of empty field in `record`, in the order of EMPTY_FIELD_KINDS. */
export function emptyFields(record: ParleyRecord): readonly EmptyFieldKind[] {
  if (record.kind !== 'chat') return NONE;
  const found = new Set<EmptyFieldKind>();
  for (const message of record.messages) {
    const kind = MESSAGE_KINDS.get(message.role);
    if (kind !== undefined && !hasSomething(message)) found.add(kind);
    if (message.toolCalls?.some(emptyArguments)) found.add('arguments');
    if (message.content?.type === 'blocks') for (const block of message.content.blocks) blockEmpties(block, found);
  }
  return found.size === 0 ? NONE : EMPTY_FIELD_KINDS.filter((kind) => found.has(kind));
}

function blockEmpties(block: Block, found: Set<EmptyFieldKind>): void {
  if (block.type === 'tool_calls' && block.calls.some(emptyArguments)) found.add('arguments');
  if (block.type === 'tool_outputs' && block.outputs.some((output) => blank(output.output))) found.add('result');
}

/** Arguments that say nothing: none, or an empty JSON object. */
function emptyArguments(call: ToolCall): boolean {
  return /^\s*(?:\{\s*\})?\s*$/.test(call.arguments);
}

function blank(text: string): boolean {
  return text.trim() === '';
}

/** The message has text, a call, thoughts, an image or anything else in it. */
function hasSomething(message: Message): boolean {
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) return true;
  return contentHasSomething(message.content);
}

function contentHasSomething(content: Content | null | undefined): boolean {
  if (content == null) return false;
  switch (content.type) {
    case 'text':
      return !blank(content.text);
    case 'parts':
      return content.parts.some(partHasSomething);
    case 'blocks':
      return content.blocks.some(blockHasSomething);
  }
}

function partHasSomething(part: Part): boolean {
  if (part.type === 'text') return !blank(part.text);
  if (part.type === 'fim') return !blank(part.prefix + part.middle + part.suffix);
  return true;
}

function blockHasSomething(block: Block): boolean {
  switch (block.type) {
    case 'thoughts':
    case 'response':
      return !blank(block.text);
    case 'tool_calls':
      return block.calls.length > 0;
    case 'tool_outputs':
      return block.outputs.length > 0;
    case 'unknown':
      return true;
  }
}
