/**
 * The training mask's rules: the format says which spans are trainable (what the assistant
 * writes); `MaskOptions` narrow or widen that per turn, per message and per kind of block.
 * Pure: (record, spans, options) → one flag per span.
 */
import type { Span } from '../formats/types.ts';
import type { Conversation, Message, ParleyRecord } from '../model/types.ts';
import type { MaskOptions } from './types.ts';

/** The message index a span belongs to (`['messages', 3, …]` → 3), or -1. */
export function messageOf(span: Pick<Span, 'path'>): number {
  const [head, index] = span.path;
  return head === 'messages' && typeof index === 'number' ? index : -1;
}

/** Roles that continue an assistant turn: the tool answering a call, and the assistant itself. */
const inTurn = (message: Message): boolean => message.role === 'assistant' || message.role === 'tool';

/** The indices of the assistant messages of the last assistant turn (after the last user, system, … message). */
export function lastTurn(conversation: Conversation): Set<number> {
  const out = new Set<number>();
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const message = conversation.messages[i];
    if (message === undefined || !inTurn(message)) break;
    if (message.role === 'assistant') out.add(i);
  }
  return out;
}

type Part = 'thoughts' | 'toolCalls' | 'other';

/** What a span inside message `message` writes: a thought block, a tool call, or something else. */
function partOf(message: Message | undefined, path: Span['path']): Part {
  if (message === undefined) return 'other';
  if (path[2] === 'toolCalls') return 'toolCalls';
  if (path[2] === 'content' && path[3] === 'blocks' && typeof path[4] === 'number' && message.content?.type === 'blocks') {
    const block = message.content.blocks[path[4]];
    if (block?.type === 'thoughts') return 'thoughts';
    if (block?.type === 'tool_calls') return 'toolCalls';
  }
  return 'other';
}

/** One flag per span: is it trained, once the options are applied to the format's choice. */
export function spanTrainable(record: ParleyRecord, spans: readonly Span[], options: MaskOptions = {}): boolean[] {
  if (record.kind !== 'chat') return spans.map((span) => span.trainable);
  const last = options.turns === 'last' ? lastTurn(record) : undefined;
  return spans.map((span) => {
    const index = messageOf(span);
    if (index < 0) return span.trainable;
    const message = record.messages[index];
    const override = options.messages?.[index];
    if (override === false) return false;
    let trained = span.trainable;
    if (override === true) trained = message?.role === 'assistant' ? span.trainable : true;
    else if (last !== undefined && !last.has(index)) trained = false;
    if (!trained) return false;
    const part = partOf(message, span.path);
    if (part === 'thoughts' && options.thoughts === false) return false;
    if (part === 'toolCalls' && options.toolCalls === false) return false;
    return true;
  });
}
