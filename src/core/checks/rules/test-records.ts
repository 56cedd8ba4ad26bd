/** Records for the rules' tests: a conversation by its roles, each message saying its index. */
import { conversation, textMessage } from '../../model/builders.ts';
import type { Conversation } from '../../model/types.ts';

export function byRoles(...roles: string[]): Conversation {
  return conversation(roles.map((role, i) => textMessage(role, `message ${i}`)));
}
