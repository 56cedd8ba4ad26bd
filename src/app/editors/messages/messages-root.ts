/**
 * Where the message editors' list lives in the record. The conversation's own messages are at
 * `['messages']`; a training record's branch (a preference record's chosen or rejected
 * completion, src/app/editors/shapes) is another list of messages that the same editors edit, at
 * its own path. The editors build every path from this root, so one MessageCard serves both.
 */
import { createContext, useContext } from 'react';
import type { FieldPath, Message } from '../../../core/index.ts';
import { getIn } from '../ops/draft-path.ts';

export const MESSAGES_ROOT: FieldPath = ['messages'];

export const MessagesRootContext = createContext<FieldPath>(MESSAGES_ROOT);

/** The path of the message list the surrounding editors edit. */
export function useMessagesRoot(): FieldPath {
  return useContext(MessagesRootContext);
}

const NO_MESSAGES: readonly Message[] = [];

/** The messages at `root` in `record` (none when the record has no such list). */
export function messagesAt(record: unknown, root: FieldPath): readonly Message[] {
  const list = getIn(record, root);
  return Array.isArray(list) ? (list as Message[]) : NO_MESSAGES;
}
