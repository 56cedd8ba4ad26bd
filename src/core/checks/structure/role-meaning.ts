/**
 * The role a message plainly means when its role is not one a format writes: the names
 * ShareGPT-style data and other APIs use (`human`, `gpt`, `bot`, `AI`, `model`), and a
 * format's own role written in another case (`User`). Case is ignored, because no data set
 * means two different speakers by `AI` and `ai`; white space is not (a role with a space is
 * malformed, and what was meant is not certain). Anything else has no fix: a person decides.
 */
import type { Fix } from '../../model/fix.ts';
import type { Message } from '../../model/types.ts';
import { roleFixId } from './codes.ts';

/** Other names for the two roles every format writes, in lower case. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['human', 'user'],
  ['gpt', 'assistant'],
  ['bot', 'assistant'],
  ['ai', 'assistant'],
  ['model', 'assistant'],
]);

/** The role `role` plainly means among `writes`, or undefined. */
export function meantRole(role: string, writes: readonly string[]): string | undefined {
  const lower = role.toLowerCase();
  const meant = ALIASES.get(lower) ?? lower;
  return meant !== role && writes.includes(meant) ? meant : undefined;
}

/** Whether a message's role means the assistant (`assistant`, `gpt`, `Bot`, …). */
export function meansAssistant(role: string): boolean {
  return meantRole(role, ['assistant']) === 'assistant' || role === 'assistant';
}

/** The fix that sets message `index`'s role to `meant`, guarded by the message's id and role. */
export function roleFix(index: number, message: Message, meant: string): Fix {
  return {
    id: roleFixId(meant),
    label: `Change the role to ${meant}`,
    edit: [
      { op: 'test', path: ['messages', index, 'id'], value: message.id },
      { op: 'test', path: ['messages', index, 'role'], value: message.role },
      { op: 'set', path: ['messages', index, 'role'], value: meant },
    ],
  };
}
