/** The lengths client's choices as plain functions (no worker, no store): testable in Node. */
import { defaultTokenizerFor, findDefaultTokenizer } from '../../../core/tokens/defaults.ts';
import type { LengthsState } from './lengths-store.ts';

/** The shipped tokenizer id the pass uses, or undefined for none. */
export function tokenizerIdFor(formatId: string, choice: LengthsState['tokenizerChoice']): string | undefined {
  if (choice === 'none' || choice === 'files') return undefined;
  if (choice !== undefined) return findDefaultTokenizer(choice)?.id;
  return defaultTokenizerFor(formatId).shipped?.id;
}

/** What names a tokenizer in the kept results' key: a shipped id, or the files given (name, size, date). */
export function tokenizerKeyOf(choice: LengthsState['tokenizerChoice'], files: LengthsState['tokenizerFiles'], shippedId: string | undefined): string | null {
  if (choice === 'files' && files && files.length > 0) return `files:${files.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')}`;
  return shippedId ?? null;
}
