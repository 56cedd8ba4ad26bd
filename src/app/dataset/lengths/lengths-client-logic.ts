/** The lengths client's choices as plain functions (no worker, no store): testable in Node. */
import { fitFor } from '../../tokens/format-fit.ts';
import { pickTokenizer, type TokenizerPick } from '../../tokens/tokenizer-pick.ts';
import type { AppState } from '../../store/index.ts';
import type { LengthsState } from './lengths-store.ts';

/**
 * The tokenizer the pass counts with: the person's choice in the panel, else the format's own;
 * under the Jinja format the template's own (its tokenizer.json given with its config, or the
 * shipped one known to be its), else a stand-in said to be approximate. Undefined: no tokens.
 */
export function lengthsTokenizer(app: Pick<AppState, 'formatId' | 'formatOptions'>, lengths: Pick<LengthsState, 'tokenizerChoice' | 'tokenizerFiles'>): TokenizerPick | undefined {
  return pickTokenizer(fitFor(app), lengths.tokenizerChoice, lengths.tokenizerFiles);
}
