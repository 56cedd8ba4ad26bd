/** Team lint rules: the rules file, its schema and each rule's check (docs/rules.md). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { LintRules, TokenMeasure } from './types.ts';

export type { LintRules, RuleBase, RuleSeverity, TokenMeasure } from './types.ts';

export type RulesParse = { ok: true; rules: LintRules } | { ok: false; message: string };

/**
 * Reads a rules file's text. Groundwork of issue 21: the schema and its messages come with
 * rules/schema.ts.
 */
export function parseLintRules(text: string): RulesParse {
  try {
    return { ok: true, rules: JSON.parse(text) as LintRules };
  } catch (thrown) {
    return { ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

/** True when `rules` has a rule that needs token counts (maxTokens, minTrainedShare). */
export function needsTokens(rules: LintRules): boolean {
  return rules.maxTokens !== undefined || rules.minTrainedShare !== undefined;
}

/** The diagnostics of `rules` on `record`; the token rules only when `tokens` is given. */
export function checkRules(record: ParleyRecord, rules: LintRules, tokens?: TokenMeasure): Diagnostic[] {
  void record;
  void rules;
  void tokens;
  return [];
}
