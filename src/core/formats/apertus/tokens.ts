/**
 * The special tokens of the Apertus chat format (spec 000 "Chat Template and Tokens"), spelled
 * exactly as the official template writes them.
 */
import type { SpecialToken } from '../types.ts';

export const TOKENS = {
  systemStart: '<|system_start|>',
  systemEnd: '<|system_end|>',
  developerStart: '<|developer_start|>',
  developerEnd: '<|developer_end|>',
  userStart: '<|user_start|>',
  userEnd: '<|user_end|>',
  assistantStart: '<|assistant_start|>',
  assistantEnd: '<|assistant_end|>',
  innerPrefix: '<|inner_prefix|>',
  innerSuffix: '<|inner_suffix|>',
  toolsPrefix: '<|tools_prefix|>',
  toolsSuffix: '<|tools_suffix|>',
} as const;

/** Every Apertus special token with the one line shown on hover (BOS is an option, see `bosToken`). */
export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: TOKENS.systemStart, doc: 'Starts the system message (the given one, or the default Apertus prompt with the date).' },
  { token: TOKENS.systemEnd, doc: 'Ends the system message.' },
  { token: TOKENS.developerStart, doc: 'Starts the developer section: deliberation on/off and the tool signatures.' },
  { token: TOKENS.developerEnd, doc: 'Ends the developer section.' },
  { token: TOKENS.userStart, doc: 'Starts a user message.' },
  { token: TOKENS.userEnd, doc: 'Ends a user message.' },
  { token: TOKENS.assistantStart, doc: 'Starts an assistant turn (consecutive assistant and tool messages share one turn).' },
  { token: TOKENS.assistantEnd, doc: 'Ends an assistant turn; written only when a user message follows.' },
  { token: TOKENS.innerPrefix, doc: 'Opens the inner (private) section: thoughts and internal tool use.' },
  { token: TOKENS.innerSuffix, doc: 'Closes the inner section; what follows is the outer (public) section.' },
  { token: TOKENS.toolsPrefix, doc: 'Starts a list of tool calls: [{"name": arguments}, …].' },
  { token: TOKENS.toolsSuffix, doc: 'Ends a list of tool calls.' },
];

/** The token strings alone, for the token-injection check. */
export const TOKEN_STRINGS: readonly string[] = SPECIAL_TOKENS.map((t) => t.token);
