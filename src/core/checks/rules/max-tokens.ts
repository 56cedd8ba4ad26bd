/** maxTokens: the render has at most this many tokens (with the tokenizer the caller measured with). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { count, ruleDiagnostic } from './diagnostic.ts';
import type { LintRules, TokenMeasure } from './types.ts';

export function checkMaxTokens(tokens: TokenMeasure, rule: NonNullable<LintRules['maxTokens']>): Diagnostic[] {
  if (tokens.tokens <= rule.max) return [];
  // No path: the whole record's render is too long, not one field.
  return [ruleDiagnostic('maxTokens', rule, `A record's render may have at most ${count(rule.max)} tokens (maxTokens); this one has ${count(tokens.tokens)}.`)];
}
