/** Team lint rules: the rules file, its schema and each rule's check (docs/rules.md). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { LintRules, TokenMeasure } from './types.ts';

export type { LintRules, RuleBase, RuleSeverity, TokenMeasure } from './types.ts';

/** The diagnostics of `rules` on `record`; the token rules only when `tokens` is given. */
export function checkRules(record: ParleyRecord, rules: LintRules, tokens?: TokenMeasure): Diagnostic[] {
  void record;
  void rules;
  void tokens;
  return [];
}
