/** allowedRoles: every message has one of the roles the team allows. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkAllowedRoles(roles: readonly string[], rule: NonNullable<LintRules['allowedRoles']>): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A loop, not forEach with a closure: it runs over every message of a data set.
  for (let m = 0; m < roles.length; m++) {
    const role = roles[m]!;
    if (rule.roles.includes(role)) continue;
    out.push(ruleDiagnostic('allowedRoles', rule, `A message's role must be ${roleList(rule.roles)} (allowedRoles); messages[${m}] has the role ${JSON.stringify(role)}.`, ['messages', m, 'role']));
  }
  return out;
}
