/**
 * An empty assistant turn: an assistant message (or one whose role means the assistant, such
 * as `bot`) with nothing the model would learn to write: no text but white space, no tool call,
 * no thoughts. Parts other than text (an image, a value), tool outputs and blocks no format
 * knows count as something: the message is then not empty, whatever a format makes of them.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Block, Content, Conversation, Message, Part } from '../../model/types.ts';
import { STRUCTURE_CODES } from './codes.ts';
import { meansAssistant } from './role-meaning.ts';

/**
 * Nothing but white space. Text almost always starts with something else, so the first and
 * last characters decide at once; only a text that starts and ends with white space is trimmed.
 */
function blank(text: string): boolean {
  if (text.length === 0) return true;
  if (!isSpace(text.charCodeAt(0)) || !isSpace(text.charCodeAt(text.length - 1))) return false;
  return text.trim() === '';
}

/** A character `String.prototype.trim` removes, tested cheaply for the common ones first. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && String.fromCharCode(code).trim() === '');
}

function partEmpty(part: Part): boolean {
  return part.type === 'text' ? blank(part.text) : false;
}

function blockEmpty(block: Block): boolean {
  switch (block.type) {
    case 'thoughts':
    case 'response':
      return blank(block.text);
    case 'tool_calls':
      return block.calls.length === 0;
    case 'tool_outputs':
      return block.outputs.length === 0;
    case 'unknown':
      return false;
  }
}

function contentEmpty(content: Content | null | undefined): boolean {
  if (content === undefined || content === null) return true;
  switch (content.type) {
    case 'text':
      return blank(content.text);
    case 'parts':
      return content.parts.every(partEmpty);
    case 'blocks':
      return content.blocks.every(blockEmpty);
  }
}

/** Whether an assistant message has nothing in it. */
export function isEmptyAssistant(message: Message): boolean {
  // The content first: most messages have some, and the role's meaning takes a lower-case copy.
  return (message.toolCalls === undefined || message.toolCalls.length === 0) && contentEmpty(message.content) && meansAssistant(message.role);
}

export function checkEmptyAssistant(record: Conversation): Diagnostic[] {
  const out: Diagnostic[] = [];
  record.messages.forEach((message, index) => {
    if (!isEmptyAssistant(message)) return;
    out.push(error(STRUCTURE_CODES.emptyAssistant, 'This assistant turn is empty (no text, no tool call, no thoughts): a model trained on it learns to answer with nothing. Write the answer, or remove the turn.', ['messages', index, 'content']));
  });
  return out;
}
