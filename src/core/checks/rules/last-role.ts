/** lastRole: the last message has one of the roles given (an example ends with the answer it teaches). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkLastRole(roles: readonly string[], rule: NonNullable<LintRules['lastRole']>): Diagnostic[] {
  const last = roles.length - 1;
  if (last >= 0 && rule.roles.includes(roles[last]!)) return [];
  // The sentence only for a record that breaks the rule: the check runs on every record of a data set.
  const required = `The last message's role must be ${roleList(rule.roles)} (lastRole)`;
  if (last < 0) return [ruleDiagnostic('lastRole', rule, `${required}; this record has no message.`, ['messages'])];
  return [ruleDiagnostic('lastRole', rule, `${required}; messages[${last}] has the role ${JSON.stringify(roles[last]!)}.`, ['messages', last, 'role'])];
}
