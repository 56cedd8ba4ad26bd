/**
 * What a new message looks like: the role that usually follows, and content in the shape the
 * conversation already uses (Apertus requires every assistant message to be all text or all
 * blocks, so a new assistant message copies the others' shape).
 */
import { newId, response, type FieldPath, type Message, type Role } from '../../../core/index.ts';

/** user → assistant, assistant → user, tool → assistant, system/developer → user. */
export function nextRole(role: Role | undefined): Role {
  if (role === 'user') return 'assistant';
  if (role === 'tool') return 'assistant';
  return 'user';
}

export function newMessage(role: Role, messages: readonly Message[]): Message {
  if (role === 'assistant' && messages.some((m) => m.role === 'assistant' && m.content?.type === 'blocks')) {
    return { id: newId('m'), role, content: { type: 'blocks', blocks: [response('')] } };
  }
  return { id: newId('m'), role, content: { type: 'text', text: '' } };
}

/** The field a person types into first in message `index` (focused after adding it). */
export function primaryFieldPath(message: Message, index: number, root: FieldPath = ['messages']): FieldPath {
  const base = [...root, index];
  const content = message.content;
  if (content?.type === 'text') return [...base, 'content'];
  if (content?.type === 'parts') {
    const first = content.parts.findIndex((p) => p.type === 'text');
    return first >= 0 ? [...base, 'content', 'parts', first, 'text'] : [...base, 'content'];
  }
  if (content?.type === 'blocks') {
    const first = content.blocks.findIndex((b) => b.type === 'response' || b.type === 'thoughts');
    return first >= 0 ? [...base, 'content', 'blocks', first, 'text'] : [...base, 'content'];
  }
  return [...base, 'role'];
}
