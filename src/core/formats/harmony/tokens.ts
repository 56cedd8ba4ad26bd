/**
 * The special tokens of harmony (openai/harmony `FormattingToken`, o200k_harmony), the texts
 * its renderer writes around them, and the diagnostic codes of the format.
 */
import type { SpecialToken } from '../types.ts';

export const TOKENS = {
  start: '<|start|>',
  message: '<|message|>',
  end: '<|end|>',
  call: '<|call|>',
  return: '<|return|>',
  channel: '<|channel|>',
  constrain: '<|constrain|>',
} as const;

/** The tokens that end a message body. */
export const END_TOKENS: readonly string[] = [TOKENS.end, TOKENS.call, TOKENS.return];

export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: TOKENS.start, doc: 'Starts a message; the header follows: the role (or a tool name), then an optional recipient, channel and content type.' },
  { token: TOKENS.channel, doc: 'Starts the channel of the header: analysis (chain of thought), commentary (tool calls, preambles) or final (the answer).' },
  { token: TOKENS.constrain, doc: 'Starts the data type of a tool call in the header (for example json): the arguments are constrained to it.' },
  { token: TOKENS.message, doc: 'Ends the header; the message content follows.' },
  { token: TOKENS.end, doc: 'Ends a complete message (every message of the history ends with it).' },
  { token: TOKENS.call, doc: 'Ends an assistant message addressed to a tool: the model stops so that the tool can run (a stop token).' },
  { token: TOKENS.return, doc: 'Ends the last final-channel answer: the model is done (a stop token; in history it is replaced by <|end|>).' },
];

/**
 * Every harmony special token (o200k_harmony), for the token-injection check: author text with
 * one of them would be read as structure by a tokenizer that parses special tokens.
 */
export const INJECTION_STRINGS: readonly string[] = [...SPECIAL_TOKENS.map((t) => t.token), '<|refusal|>', '<|untrusted|>', '<|end_untrusted|>', '<|meta_end|>', '<|endoftext|>', '<|startoftext|>'];

/** The channels harmony defines, in the order the system message lists them. */
export const CHANNELS = ['analysis', 'commentary', 'final'] as const;

/** The namespace function tools are declared in (and the prefix of their recipients). */
export const FUNCTIONS_NAMESPACE = 'functions';

/** `extraSource` of what harmony text keeps (nothing yet; named for the loss report). */
export const HARMONY_SOURCE = 'harmony';

export const CODES = {
  recordKind: 'harmony/record-kind',
  tokenInjection: 'token-injection',
  notShown: 'harmony/not-shown',
  droppedAnalysis: 'harmony/dropped-analysis',
  noToolName: 'harmony/no-tool-name',
  headerUnused: 'harmony/header-unused',
  syntax: 'harmony/syntax',
  rendersDifferently: 'harmony/renders-differently',
  readAsText: 'harmony/read-as-text',
} as const;
