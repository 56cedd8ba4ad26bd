/** The lengths client's choices as plain functions (no worker, no store): testable in Node. */
import { defaultTokenizerFor, findDefaultTokenizer } from '../../../core/tokens/defaults.ts';
import type { LengthsState } from './lengths-store.ts';

/** The shipped tokenizer id the pass uses, or undefined for none. */
export function tokenizerIdFor(formatId: string, choice: LengthsState['tokenizerChoice']): string | undefined {
  if (choice === 'none') return undefined;
  if (choice !== undefined) return findDefaultTokenizer(choice)?.id;
  return defaultTokenizerFor(formatId).shipped?.id;
}
