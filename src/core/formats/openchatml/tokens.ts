/**
 * The special tokens of OpenChatML v0.1 (spec 003 §2), spelled as the spec writes them. BOS and
 * EOS are options (`bosText`, `eosText`): the spec uses the base model's own tokens and writes
 * the placeholders `[BOS]` and `[EOS]`.
 */
import type { ThoughtKind } from '../../model/types.ts';
import type { SpecialToken } from '../types.ts';

export const TOKENS = {
  imStart: '<|im_start|>',
  imEnd: '<|im_end|>',
  fimPrefix: '<|fim_prefix|>',
  fimMiddle: '<|fim_middle|>',
  fimSuffix: '<|fim_suffix|>',
  fileSeparator: '<|file_separator|>',
  functionList: '<|function_list|>',
  functionCall: '<|function_call|>',
  functionOutput: '<|function_output|>',
} as const;

/** The three kinds of thought, in the order the spec lists (and Parley writes) them. */
export const THOUGHT_KINDS: readonly ThoughtKind[] = ['reflect', 'introspect', 'reason'];

/** `<|reflect|>`: the system-prompt flag asking for that kind of thought block. */
export function flagToken(kind: ThoughtKind): string {
  return `<|${kind}|>`;
}

export function thoughtStart(kind: ThoughtKind): string {
  return `<|start_${kind}|>`;
}

export function thoughtEnd(kind: ThoughtKind): string {
  return `<|end_${kind}|>`;
}

/** Every OpenChatML special token with the one line shown on hover. */
export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: '[BOS]', doc: 'Placeholder for the base model\'s BOS token: starts a conversation (option "BOS text").' },
  { token: '[EOS]', doc: 'Placeholder for the base model\'s EOS token: ends a conversation, right after the last <|im_end|> (option "EOS text").' },
  { token: TOKENS.imStart, doc: 'Start of turn: followed by the role (system, user, assistant, tool), an optional name=<name> and a line break.' },
  { token: TOKENS.imEnd, doc: 'End of turn: closes the current message.' },
  { token: flagToken('reflect'), doc: 'Thought flag (end of the system prompt): the assistant writes a reflect block (the user\'s emotions and intent).' },
  { token: flagToken('introspect'), doc: 'Thought flag (end of the system prompt): the assistant writes an introspect block (its own position and intent).' },
  { token: flagToken('reason'), doc: 'Thought flag (end of the system prompt): the assistant writes a reason block (chain of thought).' },
  { token: thoughtStart('reflect'), doc: 'Starts a reflect block: analysis of the user\'s emotions and intentions.' },
  { token: thoughtEnd('reflect'), doc: 'Ends a reflect block.' },
  { token: thoughtStart('introspect'), doc: 'Starts an introspect block: the model\'s analysis of its own emotions and intentions.' },
  { token: thoughtEnd('introspect'), doc: 'Ends an introspect block.' },
  { token: thoughtStart('reason'), doc: 'Starts a reason block: the chain of thought needed to solve the problem.' },
  { token: thoughtEnd('reason'), doc: 'Ends a reason block.' },
  { token: TOKENS.fimPrefix, doc: 'Fill-in-the-middle: the text before the cursor follows.' },
  { token: TOKENS.fimMiddle, doc: 'Fill-in-the-middle: the text the model writes at the cursor follows (empty in a task).' },
  { token: TOKENS.fimSuffix, doc: 'Fill-in-the-middle: the text after the cursor follows.' },
  { token: TOKENS.fileSeparator, doc: 'Separates the contents of two files in one multi-file sequence.' },
  { token: TOKENS.functionList, doc: 'In the system message: the available functions follow, one JSON definition each.' },
  { token: TOKENS.functionCall, doc: 'The assistant calls a function: {"arguments": {…}, "name": …} follows on the next line.' },
  { token: TOKENS.functionOutput, doc: 'A tool message\'s function output: {"name": …, "content": …} follows (outputs answer calls in order).' },
];

/** Token strings that, inside author text, would be read as structure (BOS/EOS placeholders are options, checked apart). */
export const INJECTABLE_TOKENS: readonly string[] = SPECIAL_TOKENS.map((t) => t.token).filter((t) => t.startsWith('<|'));
