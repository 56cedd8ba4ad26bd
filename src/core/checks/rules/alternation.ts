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
  let previous: { role: string; index: number } | undefined;
  let toolSincePrevious = false;
  roles.forEach((role, m) => {
    if (role === 'tool') toolSincePrevious = true;
    if (role !== 'user' && role !== 'assistant') return;
    if (previous === undefined) {
      if (rule.startWith !== undefined && role !== rule.startWith) {
        out.push(ruleDiagnostic('alternation', rule, `The first user or assistant message must be ${rule.startWith} (alternation); messages[${m}] is ${role}.`, ['messages', m, 'role']));
      }
    } else if (previous.role === role && !(role === 'assistant' && toolSincePrevious)) {
      out.push(ruleDiagnostic('alternation', rule, `User and assistant messages must alternate (alternation); messages[${m}] is a second ${role} message in a row, after messages[${previous.index}].`, ['messages', m, 'role']));
    }
    previous = { role, index: m };
    toolSincePrevious = false;
  });
  return out;
}
