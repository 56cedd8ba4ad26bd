/**
 * What the Token view shows, outside the app store (it is not saved and not undone): the
 * tokenizer's state and the last tokenization (with the text and spans it was made from, so that a
 * hover or a click reads the spans the tokens belong to, even while a newer one is on its way).
 */
import { create } from 'zustand';
import type { Span } from '../../core/index.ts';
import type { TokenResult } from './protocol.ts';

export type TokenizerState =
  | { state: 'none'; message: string }
  | { state: 'loading'; label: string }
  /** `own`: the format's own tokenizer; false: a stand-in (the view says so); undefined: not known (a file). */
  | { state: 'ready'; name: string; origin: 'shipped' | 'files' | 'hub'; own: boolean | undefined; vocabSize: number }
  | { state: 'failed'; message: string; offline: boolean };

export interface Tokenized {
  text: string;
  spans: readonly Span[];
  formatId: string;
  result: TokenResult;
  /** performance.now() on the page when the request was posted and when its answer arrived (the benchmark's split). */
  timing: { sentAt: number; answeredAt: number };
  /** Who tokenized it: the token worker, or the page itself during the keystroke (page-tokens.ts). */
  by: 'worker' | 'page';
}

export interface TokenViewState {
  tokenizer: TokenizerState;
  /** The last load that failed while another tokenizer stayed in use. */
  loadError: Extract<TokenizerState, { state: 'failed' }> | undefined;
  tokenized: Tokenized | undefined;
  /** A tokenization is on its way (the counts shown are of an older text). */
  busy: boolean;
  error: string | undefined;
  /** The page's copy of the tokenizer (page-tokens.ts): its state, and how long it took to read and load (ms). */
  page: { state: 'none' | 'loading' | 'ready' | 'off'; loadMs?: number; why?: string; warmed?: boolean };
}

export const tokenStore = create<TokenViewState>()(() => ({
  tokenizer: { state: 'none', message: 'No tokenizer loaded yet.' },
  loadError: undefined,
  tokenized: undefined,
  busy: false,
  error: undefined,
  page: { state: 'none' },
}));
