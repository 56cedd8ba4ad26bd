/** allowedRoles: every message has one of the roles the team allows. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkAllowedRoles(record: Conversation, rule: NonNullable<LintRules['allowedRoles']>): Diagnostic[] {
  const out: Diagnostic[] = [];
  record.messages.forEach((message, m) => {
    if (rule.roles.includes(message.role)) return;
    out.push(ruleDiagnostic('allowedRoles', rule, `A message's role must be ${roleList(rule.roles)} (allowedRoles); messages[${m}] has the role ${JSON.stringify(message.role)}.`, ['messages', m, 'role']));
  });
  return out;
}
