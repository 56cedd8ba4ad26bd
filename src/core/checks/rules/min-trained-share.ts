/** minTrainedShare: at least this share of the render's tokens is trained (a record that teaches little costs a whole context). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { count, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules, TokenMeasure } from './types.ts';

export function checkMinTrainedShare(tokens: TokenMeasure, rule: NonNullable<LintRules['minTrainedShare']>): Diagnostic[] {
  if (tokens.trained >= leastTrained(tokens.tokens, rule.min)) return [];
  return [ruleDiagnostic('minTrainedShare', rule, `At least ${percent(rule.min)} of a record's tokens must be trained (minTrainedShare); this one trains ${count(tokens.trained)} of ${count(tokens.tokens)} (${percent(tokens.tokens === 0 ? 0 : tokens.trained / tokens.tokens)}).`)];
}

/**
 * The fewest trained tokens that meet the share, as a whole count: 0.3 of 10 tokens is 3,
 * although 0.3 × 10 is 3.0000000000000004 in floating point (the margin absorbs that, and is far
 * below one token).
 */
function leastTrained(tokens: number, min: number): number {
  // An empty render trains nothing: it meets only a share of 0.
  if (tokens === 0) return min > 0 ? 1 : 0;
  return Math.ceil(min * tokens - 1e-9);
}

/** `12.5%`: at most one decimal, none when it is zero. */
function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toLocaleString('en')}%`;
}
