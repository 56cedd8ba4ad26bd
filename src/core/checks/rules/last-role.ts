/** lastRole: the last message has one of the roles given (an example ends with the answer it teaches). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkLastRole(roles: readonly string[], rule: NonNullable<LintRules['lastRole']>): Diagnostic[] {
  const last = roles.length - 1;
  const required = `The last message's role must be ${roleList(rule.roles)} (lastRole)`;
  if (last < 0) return [ruleDiagnostic('lastRole', rule, `${required}; this record has no message.`, ['messages'])];
  const role = roles[last]!;
  return rule.roles.includes(role) ? [] : [ruleDiagnostic('lastRole', rule, `${required}; messages[${last}] has the role ${JSON.stringify(role)}.`, ['messages', last, 'role'])];
}
