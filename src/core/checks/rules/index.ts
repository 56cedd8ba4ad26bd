/** Team lint rules: the rules file, its schema and each rule's check (docs/rules.md). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { checkAllowedRoles } from './allowed-roles.ts';
import { checkAlternation } from './alternation.ts';
import { checkForbiddenText } from './forbidden-text.ts';
import { checkLastRole } from './last-role.ts';
import { checkMaxTokens } from './max-tokens.ts';
import { checkMaxTurns } from './max-turns.ts';
import { checkMinTrainedShare } from './min-trained-share.ts';
import { subjectOf, type RuleSubject } from './subject.ts';
import { checkSystemMessage } from './system-message.ts';
import type { LintRules, TokenMeasure } from './types.ts';

export type { ForbiddenPattern, LintRules, RuleBase, RuleName, RuleSeverity, TokenMeasure } from './types.ts';
export { subjectOf, type RuleSubject, type TextSpot, type TextVisit } from './subject.ts';
export { parseLintRules, rulesJsonSchema, MAX_RULES_FILE_CHARS, type RulesParse } from './schema.ts';

/** True when `rules` has a rule that needs token counts (maxTokens, minTrainedShare). */
export function needsTokens(rules: LintRules): boolean {
  return rules.maxTokens !== undefined || rules.minTrainedShare !== undefined;
}

/**
 * The diagnostics of `rules` on `record`, rule by rule in the file's order of the reference
 * (checkRecord sorts them with the rest). The rules about messages apply to conversations; a
 * document record (files, no messages) meets forbiddenText and the token rules only. The token
 * rules apply only when `tokens` is given: without a tokenizer there is nothing to judge.
 */
export function checkRules(record: ParleyRecord, rules: LintRules, tokens?: TokenMeasure): Diagnostic[] {
  return checkRulesOn(subjectOf(record), rules, tokens);
}

/**
 * `checkRules` on what the rules read of a record (subject.ts): the model's view, or another
 * reader's that gives the same roles and text fields (core/clean-check's, from the JSON).
 */
export function checkRulesOn(record: RuleSubject, rules: LintRules, tokens?: TokenMeasure): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (record.kind === 'chat') {
    const { roles } = record;
    if (rules.allowedRoles) out.push(...checkAllowedRoles(roles, rules.allowedRoles));
    if (rules.systemMessage) out.push(...checkSystemMessage(roles, rules.systemMessage));
    if (rules.lastRole) out.push(...checkLastRole(roles, rules.lastRole));
    if (rules.alternation) out.push(...checkAlternation(roles, rules.alternation));
    if (rules.maxTurns) out.push(...checkMaxTurns(roles, rules.maxTurns));
  }
  if (rules.forbiddenText) out.push(...checkForbiddenText(record, rules.forbiddenText));
  if (tokens) {
    if (rules.maxTokens) out.push(...checkMaxTokens(tokens, rules.maxTokens));
    if (rules.minTrainedShare) out.push(...checkMinTrainedShare(tokens, rules.minTrainedShare));
  }
  return out;
}
