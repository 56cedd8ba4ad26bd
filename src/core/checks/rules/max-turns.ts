/** maxTurns: at most this many turns, a turn being a user message (as the dataset list counts them). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { count, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkMaxTurns(roles: readonly string[], rule: NonNullable<LintRules['maxTurns']>): Diagnostic[] {
  const users: number[] = [];
  for (let m = 0; m < roles.length; m++) if (roles[m] === 'user') users.push(m);
  if (users.length <= rule.max) return [];
  // The path names the first user message over the limit: where a person would cut.
  const first = users[rule.max]!;
  return [ruleDiagnostic('maxTurns', rule, `A record may have at most ${count(rule.max)} turns (user messages) (maxTurns); this one has ${count(users.length)}, the first one over being messages[${first}].`, ['messages', first])];
}
