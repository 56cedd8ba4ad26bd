/**
 * Contract: tokens (issue 12). What the model sees of a render, and what it is trained on.
 *
 *   Tokenizer      loadTokenizer(files)            one loaded tokenizer.json (+ tokenizer_config.json)
 *   TokenEncoding  tokenizer.encode(text)          ids, vocabulary strings and the UTF-16 range of
 *                                                  every token in the text
 *   MaskOptions    kept with the record (session)  which turns and blocks are trained
 *   spanTrainable(record, spans, options)          the trainable flag of every span, after the options
 *   tokenMask(encoding, spans, trainable)          the flag of every token + the tokens that straddle
 *                                                  a trained/untrained boundary
 *   trainingExample(...)                           input_ids, attention_mask, labels, counts
 *
 * Pure TypeScript: no DOM, no Node built-ins. It runs in a Web Worker, the command and tests
 * alike. Loading a tokenizer's files is the caller's job (a file picker, fetch, the file
 * system): this folder takes their parsed JSON.
 */

/** A tokenizer's files, parsed: `tokenizer.json` and, when given, `tokenizer_config.json`. */
export interface TokenizerFiles {
  tokenizer: unknown;
  config?: unknown;
}

/** Where a token's characters are, and how exactly they were found. */
export interface TokenEncoding {
  ids: number[];
  /** The vocabulary string of each token (`Ġhello`, `<0xE2>`, `<|im_start|>`). */
  tokens: string[];
  /**
   * `[starts[i], ends[i])`: the characters of the text (UTF-16 code units, as `Span`) token `i`
   * covers. A token holding only part of a character's UTF-8 bytes (byte-level BPE splits emoji
   * and CJK characters; byte-fallback tokens hold one byte) covers that whole character, so two
   * neighbours may share it (see `partial`). A token the tokenizer added and the text does not
   * contain (a BOS) covers nothing: `starts[i] === ends[i]`.
   */
  starts: number[];
  ends: number[];
  /** Token `i` starts or ends inside a character (it holds part of its bytes). */
  partial: boolean[];
  /** Token `i` is one of the tokenizer's added tokens (special tokens and the like). */
  added: boolean[];
  /**
   * `false` when the tokens' bytes did not spell the text (a normalizer changed it: NFKC,
   * lowercase, a replaced space): the ranges are then the best alignment found, not exact.
   */
  exact: boolean;
}

export interface EncodeOptions {
  /**
   * Whether to let the tokenizer add its own special tokens (a BOS by its post-processor).
   * `'auto'` (default): the BOS only when the text does not already start with it (an EOS: end
   * with it), which is how a chat template's render is tokenized (the template writes the BOS
   * itself).
   */
  addSpecialTokens?: boolean | 'auto';
}

/** A loaded tokenizer, as Parley uses it. */
export interface Tokenizer {
  /** What it was loaded from: a default's id, a model id or a file name. */
  readonly name: string;
  /**
   * Tokens the tokenizer adds before every encoding (`<|begin_of_text|>`), in order; empty when
   * none. Its post-processor's, as tokenizer_config.json's `add_bos_token` corrects them.
   */
  readonly addsPrefix: readonly string[];
  /** Tokens it adds after every encoding (an EOS), in order; empty when none (the usual case). */
  readonly addsSuffix: readonly string[];
  readonly bosToken: string | undefined;
  readonly eosToken: string | undefined;
  /** The contents of its added tokens (special tokens): matched whole in the text, before any splitting. */
  readonly addedTokens: ReadonlySet<string>;
  readonly vocabSize: number;
  encode(text: string, options?: EncodeOptions): TokenEncoding;
  decode(ids: readonly number[]): string;
  idToToken(id: number): string | undefined;
  tokenToId(token: string): number | undefined;
  /** The text of one token as the model would print it (partial characters as U+FFFD). */
  tokenText(id: number): string;
}

/**
 * What is trained on, beyond the format's own choice (which is: what the assistant writes).
 * Kept with the record in the session, as data. All fields are optional; `{}` is the format's
 * choice unchanged.
 */
export interface MaskOptions {
  /**
   * `all` (default): every assistant turn the format trains. `last`: only the last assistant
   * turn: the assistant messages after the last message of another role than assistant or tool.
   */
  turns?: 'all' | 'last';
  /** Thought blocks (reasoning) are trained. Default true: as the format says. */
  thoughts?: boolean;
  /** Tool calls (blocks and `toolCalls`) are trained. Default true: as the format says. */
  toolCalls?: boolean;
  /**
   * Per message (by index in `messages`): `false` trains nothing of it; `true` trains it even
   * when `turns` would not (an assistant message as the format trains it; a message of another
   * role, all its text). Absent: as the rules above say.
   */
  messages?: Readonly<Record<number, boolean>>;
}

/** The mask carried down to tokens. */
export interface TokenMask {
  /** Token `i` is trained: every character it covers is trainable. */
  trained: boolean[];
  /** Tokens that cover both trainable and untrainable characters (they are not trained). */
  straddling: number[];
  /**
   * The message each token belongs to (index in `messages`, from the span of its first
   * character), or -1 for text of no message (a prefix, tools, a token the tokenizer added).
   */
  message: number[];
}

/** What a trainer reads: Hugging Face's names, so that the JSON can be fed as it is. */
export interface TrainingExample {
  input_ids: number[];
  attention_mask: number[];
  /** The id where the token is trained, -100 (ignored by the loss) where it is not. */
  labels: number[];
  tokens: string[];
  count: number;
  /** Tokens that are trained. */
  trained: number;
  /** Token count per message, by index (text of no message is counted in `count` only). */
  messages: number[];
  /** Indices of tokens straddling a trainable boundary (not trained). */
  straddling: number[];
}

/** The token figures of a record's render (measure.ts): what the token lint rules judge. */
export interface TokenMeasure {
  tokens: number;
  /** Tokens the training mask trains. */
  trained: number;
}
