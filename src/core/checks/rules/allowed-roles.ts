/** allowedRoles: every message has one of the roles the team allows. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkAllowedRoles(roles: readonly string[], rule: NonNullable<LintRules['allowedRoles']>): Diagnostic[] {
  const out: Diagnostic[] = [];
  roles.forEach((role, m) => {
    if (rule.roles.includes(role)) return;
    out.push(ruleDiagnostic('allowedRoles', rule, `A message's role must be ${roleList(rule.roles)} (allowedRoles); messages[${m}] has the role ${JSON.stringify(role)}.`, ['messages', m, 'role']));
  });
  return out;
}
