/** systemMessage: a system (or developer) message is required, or forbidden. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

/** The roles of the instructions above the conversation: `developer` is OpenAI's newer name for `system`. */
const SYSTEM_ROLES: readonly string[] = ['system', 'developer'];

export function checkSystemMessage(roles: readonly string[], rule: NonNullable<LintRules['systemMessage']>): Diagnostic[] {
  if (rule.require === 'required') {
    // One system message is enough: no list made (the check runs on every record of a data set).
    for (let m = 0; m < roles.length; m++) if (SYSTEM_ROLES.includes(roles[m]!)) return [];
    return [ruleDiagnostic('systemMessage', rule, 'A system (or developer) message is required (systemMessage: "required"); this record has none.', ['messages'])];
  }
  const system: number[] = [];
  for (let m = 0; m < roles.length; m++) if (SYSTEM_ROLES.includes(roles[m]!)) system.push(m);
  return system.map((m) => ruleDiagnostic('systemMessage', rule, `A system (or developer) message is forbidden (systemMessage: "forbidden"); messages[${m}] is one.`, ['messages', m, 'role']));
}
