/** Message-level actions: add, move, set role, switch content kind. */
import { formatPath, type Content, type FieldPath, type Message, type Role } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { MESSAGES_ROOT, messagesAt } from '../messages/messages-root.ts';
import { getIn } from '../ops/draft-path.ts';
import { newMessage, nextRole, primaryFieldPath } from '../ops/new-message.ts';
import { insertAt, moveAt } from './record-actions.ts';

/** The messages of the list at `root` (the conversation's, or a training record's branch: messages-root.ts). */
function chatMessages(root: FieldPath): readonly Message[] {
  const { record } = useAppStore.getState();
  return record.kind === 'chat' ? messagesAt(record, root) : [];
}

/** The message `index` of the list at `root` in a draft, to change it in place. */
function draftMessage(draft: unknown, root: FieldPath, index: number): Message | undefined {
  const list = getIn(draft, root);
  return Array.isArray(list) ? (list[index] as Message | undefined) : undefined;
}

/**
 * Adds a message with `role` at `index` (default: the end) and returns the path of the field
 * to focus in it, or undefined when the record is not a chat.
 */
export function addMessage(role: Role, index?: number, root: FieldPath = MESSAGES_ROOT): FieldPath | undefined {
  if (useAppStore.getState().record.kind !== 'chat') return undefined;
  const messages = chatMessages(root);
  const at = Math.max(0, Math.min(index ?? messages.length, messages.length));
  const message = newMessage(role, messages);
  insertAt(root, at, message);
  return primaryFieldPath(message, at, root);
}

/** Ctrl/Cmd+Enter: a message after message `index`, with the role that usually follows. */
export function addMessageAfter(index: number, root: FieldPath = MESSAGES_ROOT): FieldPath | undefined {
  return addMessage(nextRole(chatMessages(root)[index]?.role), index + 1, root);
}

export function moveMessage(from: number, to: number, root: FieldPath = MESSAGES_ROOT): boolean {
  const count = chatMessages(root).length;
  if (from < 0 || from >= count || to < 0 || to >= count || from === to) return false;
  moveAt(root, from, to);
  return true;
}

export function setContent(index: number, content: Content | null, root: FieldPath = MESSAGES_ROOT): void {
  useAppStore.getState().edit((draft) => {
    if (draft.kind !== 'chat') return;
    const message = draftMessage(draft, root, index);
    if (message) message.content = content;
  });
}

export function setRole(index: number, role: Role, root: FieldPath = MESSAGES_ROOT): void {
  useAppStore.getState().edit((draft) => {
    if (draft.kind !== 'chat') return;
    const message = draftMessage(draft, root, index);
    if (message) message.role = role;
  }, formatPath([...root, index, 'role']));
}
