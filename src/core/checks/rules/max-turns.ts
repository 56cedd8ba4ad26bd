/** maxTurns: at most this many turns, a turn being a user message (as the dataset list counts them). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { count, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules } from './types.ts';

export function checkMaxTurns(roles: readonly string[], rule: NonNullable<LintRules['maxTurns']>): Diagnostic[] {
  // Counted without a list of them (the check runs on every record of a data set); the first
  // user message over the limit is where a person would cut, the path names it.
  let users = 0;
  let first = -1;
  for (let m = 0; m < roles.length; m++) {
    if (roles[m] !== 'user') continue;
    if (users === rule.max) first = m;
    users += 1;
  }
  if (users <= rule.max) return [];
  return [ruleDiagnostic('maxTurns', rule, `A record may have at most ${count(rule.max)} turns (user messages) (maxTurns); this one has ${count(users)}, the first one over being messages[${first}].`, ['messages', first])];
}
