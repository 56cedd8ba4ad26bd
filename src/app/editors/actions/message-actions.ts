/** Message-level actions: add, move, set role, switch content kind. */
import type { Content, FieldPath, Message, Role } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { newMessage, nextRole, primaryFieldPath } from '../ops/new-message.ts';
import { insertAt, moveAt } from './record-actions.ts';

function chatMessages(): readonly Message[] {
  const { record } = useAppStore.getState();
  return record.kind === 'chat' ? record.messages : [];
}

/**
 * Adds a message with `role` at `index` (default: the end) and returns the path of the field
 * to focus in it, or undefined when the record is not a chat.
 */
export function addMessage(role: Role, index?: number): FieldPath | undefined {
  if (useAppStore.getState().record.kind !== 'chat') return undefined;
  const messages = chatMessages();
  const at = Math.max(0, Math.min(index ?? messages.length, messages.length));
  const message = newMessage(role, messages);
  insertAt(['messages'], at, message);
  return primaryFieldPath(message, at);
}

/** Ctrl/Cmd+Enter: a message after message `index`, with the role that usually follows. */
export function addMessageAfter(index: number): FieldPath | undefined {
  return addMessage(nextRole(chatMessages()[index]?.role), index + 1);
}

export function moveMessage(from: number, to: number): boolean {
  const count = chatMessages().length;
  if (from < 0 || from >= count || to < 0 || to >= count || from === to) return false;
  moveAt(['messages'], from, to);
  return true;
}

export function setContent(index: number, content: Content | null): void {
  useAppStore.getState().edit((draft) => {
    if (draft.kind !== 'chat') return;
    const message = draft.messages[index];
    if (message) message.content = content;
  });
}

export function setRole(index: number, role: Role): void {
  useAppStore.getState().edit((draft) => {
    if (draft.kind !== 'chat') return;
    const message = draft.messages[index];
    if (message) message.role = role;
  }, `messages[${index}].role`);
}
