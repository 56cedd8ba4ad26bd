/** Two system messages: a warning at each system message after the first (most models are trained with one). */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import { STRUCTURE_CODES } from './codes.ts';

export function checkSystemMessages(record: Conversation): Diagnostic[] {
  const out: Diagnostic[] = [];
  let first: number | undefined;
  record.messages.forEach((message, index) => {
    if (message.role !== 'system') return;
    if (first === undefined) first = index;
    else out.push(warning(STRUCTURE_CODES.twoSystems, `A second system message (the first is messages[${first}]): most models are trained with one system message, at the start. Merge them, or make this one a user message.`, ['messages', index, 'role']));
  });
  return out;
}
