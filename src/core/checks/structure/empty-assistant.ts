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

const blank = (text: string): boolean => text.trim() === '';

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
  return meansAssistant(message.role) && (message.toolCalls === undefined || message.toolCalls.length === 0) && contentEmpty(message.content);
}

export function checkEmptyAssistant(record: Conversation): Diagnostic[] {
  const out: Diagnostic[] = [];
  record.messages.forEach((message, index) => {
    if (!isEmptyAssistant(message)) return;
    out.push(error(STRUCTURE_CODES.emptyAssistant, 'This assistant turn is empty (no text, no tool call, no thoughts): a model trained on it learns to answer with nothing. Write the answer, or remove the turn.', ['messages', index, 'content']));
  });
  return out;
}
