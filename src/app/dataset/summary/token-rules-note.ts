/**
 * What the Validation summary says of the token rules (maxTokens, minTrainedShare): they are
 * judged by the lengths pass with a tokenizer (judged-rows.ts), so until it has counted every
 * record, or when no tokenizer can count, the summary says so once, rather than counting
 * nothing for them without a word.
 */
import { needsTokens, type LintRules } from '../../../core/index.ts';
import type { LengthsState } from '../lengths/lengths-store.ts';

export type TokenRulesInputs = Pick<LengthsState, 'status' | 'done' | 'total' | 'message' | 'tokenizerName'> & { rules: LintRules | undefined };

/** The sentence, or undefined when the rules have no token rule. `tokenizer`: whether a tokenizer can count for the format and choice. */
export function tokenRulesNote(lengths: TokenRulesInputs, tokenizer: boolean): string | undefined {
  if (!lengths.rules || !needsTokens(lengths.rules)) return undefined;
  if (!tokenizer) return 'Token rules not checked: load a tokenizer (Lengths and tokens) to judge maxTokens and minTrainedShare.';
  switch (lengths.status) {
    case 'idle':
    case 'loading':
      return 'Token rules: loading the tokenizer…';
    case 'measuring':
      return `Token rules: counting tokens, ${lengths.done.toLocaleString('en')} of ${lengths.total.toLocaleString('en')} records.`;
    case 'done':
      return lengths.tokenizerName === undefined ? 'Token rules not checked: the tokenizer counted no tokens.' : `Token rules checked with ${lengths.tokenizerName}.`;
    case 'stopped':
    case 'failed':
      return `Token rules not checked for every record: ${(lengths.message ?? 'the count of tokens stopped').replace(/\.$/, '')}.`;
  }
}
