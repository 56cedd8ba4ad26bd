/**
 * Messages between the app and the token worker (token.worker.ts). The worker holds the loaded
 * tokenizer and the last encoding; the app sends the render's text with the span flags already
 * masked (cheap, on the main thread, where the record is) and gets back flat arrays: a token
 * view of 100,000 tokens is a few typed arrays, not 100,000 objects through structured clone.
 */
/**
 * Where a tokenizer comes from: a shipped default (by id), files the person gave (the `File`s
 * themselves: cloning one hands the worker a reference, not its bytes; the worker reads and
 * parses them, so a big tokenizer.json never blocks the page), or a Hugging Face model id.
 */
export type TokenizerSource =
  | { kind: 'shipped'; id: string; label: string; tokenizerUrl: string; configUrl: string }
  | { kind: 'files'; files: File[] }
  /** `base`: the Hub's address (dataset/hub/hub-base.ts), read on the page: the worker has no preferences. */
  | { kind: 'hub'; modelId: string; base: string };

export type ToWorker =
  | { type: 'load'; request: number; source: TokenizerSource }
  | {
      type: 'tokenize';
      request: number;
      text: string;
      /** Per span: start, end, message index (-1: none), 1 when a special token; flattened. */
      spans: Int32Array;
      /** Per span: 1 when trained after the mask options. */
      trainable: Uint8Array;
      messageCount: number;
    };

export interface TokenResult {
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** 1: trained. */
  trained: Uint8Array;
  /** The message index of each token, -1 for none. */
  message: Int32Array;
  /** Per message index: its token count. */
  perMessage: Int32Array;
  trainedCount: number;
  straddling: Int32Array;
  exact: boolean;
  /** The render's special tokens that are not one token each. */
  splitSpecials: SplitSpecial[];
  /**
   * The encoding was made piece by piece (core/tokens/segmented.ts) with pieces checked against a
   * whole encode: the page may then tokenize a keystroke itself with the same pieces (page-tokens.ts).
   */
  segmented: boolean;
  /** How long the worker took to encode and mask (ms). */
  took: number;
}

/** A special token of the render that the tokenizer does not read as one token (core/tokens' specialSplits, grouped by text). */
export interface SplitSpecial {
  token: string;
  /** How many tokens it became (at its first occurrence). */
  tokens: number;
  /** How often it occurs split in the render. */
  occurrences: number;
}

export type FromWorker =
  | { type: 'loaded'; request: number; name: string; vocabSize: number }
  | { type: 'load-failed'; request: number; message: string; offline: boolean }
  | { type: 'tokens'; request: number; result: TokenResult }
  | { type: 'failed'; request: number; message: string };
