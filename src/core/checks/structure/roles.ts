/** A role the format cannot write: one error per message, at its role, with the format's own consequence. */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import type { FormatRoles } from '../../formats/types.ts';
import { STRUCTURE_CODES } from './codes.ts';
import { meantRole, roleFix } from './role-meaning.ts';

export function checkRoles(record: Conversation, label: string, roles: FormatRoles): Diagnostic[] {
  const out: Diagnostic[] = [];
  record.messages.forEach((message, index) => {
    const { role } = message;
    if (roles.writes.includes(role) || roles.reportsItself?.(role) === true) return;
    const meant = meantRole(role, roles.writes);
    const hint = meant === undefined ? '' : ` It plainly means ${meant}.`;
    out.push(
      error(
        STRUCTURE_CODES.unknownRole,
        `${label} cannot write the role ${JSON.stringify(role)} (it writes ${roles.writes.join(', ')}): ${roles.otherwise}.${hint}`,
        ['messages', index, 'role'],
        meant === undefined ? undefined : roleFix(index, message, meant),
      ),
    );
  });
  return out;
}
