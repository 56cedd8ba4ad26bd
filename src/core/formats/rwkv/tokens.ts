/**
 * The tags of the RWKV universal chat template (spec 004), spelled as the spec writes them.
 * `<<TOOL_CALL` and `<<TOOL_RESULT` open tags that carry attributes before their `>>`.
 */
import type { SpecialToken } from '../types.ts';

export const TAGS = {
  sys: '<<SYS>>',
  sysEnd: '<<SYS_END>>',
  user: '<<USER>>',
  userEnd: '<<USER_END>>',
  assistant: '<<ASSISTANT>>',
  assistantEnd: '<<ASSISTANT_END>>',
  toolCall: '<<TOOL_CALL',
  toolCallEnd: '<<END_TOOL_CALL>>',
  toolResult: '<<TOOL_RESULT',
  toolResultEnd: '<<END_TOOL_RESULT>>',
  /** Closes a `<<TOOL_CALL …` or `<<TOOL_RESULT …` tag after its attributes. */
  close: '>>',
} as const;

/** Blocks are separated by one blank line. */
export const SEPARATOR = '\n\n';

/** What a block starts with (the tool tags before their attributes). */
export const START_TAGS: readonly string[] = [TAGS.sys, TAGS.user, TAGS.assistant, TAGS.toolCall, TAGS.toolResult];

/** `extraSource` of what RWKV text keeps in `extra` (an unknown TOOL_RESULT status). */
export const RWKV_SOURCE = 'rwkv';

/** What a tag opens, by block kind. */
export type BlockKind = 'sys' | 'user' | 'assistant' | 'toolCall' | 'toolResult';

export const END_TAG: Record<BlockKind, string> = {
  sys: TAGS.sysEnd,
  user: TAGS.userEnd,
  assistant: TAGS.assistantEnd,
  toolCall: TAGS.toolCallEnd,
  toolResult: TAGS.toolResultEnd,
};

export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: TAGS.sys, doc: 'Starts a system block: instructions, persona, guardrails.' },
  { token: TAGS.sysEnd, doc: 'Ends a system block.' },
  { token: TAGS.user, doc: 'Starts a user block.' },
  { token: TAGS.userEnd, doc: 'Ends a user block.' },
  { token: TAGS.assistant, doc: 'Starts an assistant block (while streaming, the last one has no end tag).' },
  { token: TAGS.assistantEnd, doc: 'Ends an assistant block.' },
  { token: TAGS.toolCall, doc: 'Starts a tool call: <<TOOL_CALL name="…" id="…">> then the arguments as a JSON object.' },
  { token: TAGS.toolCallEnd, doc: 'Ends a tool call block.' },
  { token: TAGS.toolResult, doc: 'Starts a tool result: <<TOOL_RESULT name="…" id="…" status="…">> then the result as a JSON object.' },
  { token: TAGS.toolResultEnd, doc: 'Ends a tool result block.' },
  { token: TAGS.close, doc: 'Closes a TOOL_CALL or TOOL_RESULT tag after its attributes.' },
];

/** Tag strings that, inside author text, would be read as structure (the token-injection check). */
export const INJECTION_STRINGS: readonly string[] = [
  TAGS.sys,
  TAGS.sysEnd,
  TAGS.user,
  TAGS.userEnd,
  TAGS.assistant,
  TAGS.assistantEnd,
  TAGS.toolCall,
  TAGS.toolCallEnd,
  TAGS.toolResult,
  TAGS.toolResultEnd,
];

export const CODES = {
  recordKind: 'rwkv/record-kind',
  tokenInjection: 'token-injection',
  payloadNotObject: 'rwkv/payload-not-object',
  syntax: 'rwkv/syntax',
  missingName: 'rwkv/missing-name',
  missingBlankLine: 'rwkv/missing-blank-line',
  notShown: 'rwkv/not-shown',
} as const;
