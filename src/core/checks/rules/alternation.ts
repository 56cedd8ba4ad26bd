/**
 * alternation: user and assistant messages alternate. System, developer and tool messages do
 * not count, nor do roles of other names (allowedRoles is the rule for those). An assistant
 * message that calls tools, the tool messages that answer it and the next assistant message are
 * one assistant turn, so two assistant messages with tool messages between them alternate.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkAlternation(roles: readonly string[], rule: NonNullable<LintRules['alternation']>): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The previous user or assistant message (-1: none yet), kept without an object per message:
  // the loop runs over every message of a data set.
  let previous = -1;
  let previousRole = '';
  let toolSincePrevious = false;
  for (let m = 0; m < roles.length; m++) {
    const role = roles[m]!;
    if (role === 'tool') toolSincePrevious = true;
    if (role !== 'user' && role !== 'assistant') continue;
    if (previous === -1) {
      if (rule.startWith !== undefined && role !== rule.startWith) {
        out.push(ruleDiagnostic('alternation', rule, `The first user or assistant message must be ${rule.startWith} (alternation); messages[${m}] is ${role}.`, ['messages', m, 'role']));
      }
    } else if (previousRole === role && !(role === 'assistant' && toolSincePrevious)) {
      out.push(ruleDiagnostic('alternation', rule, `User and assistant messages must alternate (alternation); messages[${m}] is a second ${role} message in a row, after messages[${previous}].`, ['messages', m, 'role']));
    }
    previous = m;
    previousRole = role;
    toolSincePrevious = false;
  }
  return out;
}
