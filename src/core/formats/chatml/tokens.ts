/**
 * ChatML as Qwen2.5-Instruct's chat template writes it: the tokens, the fixed texts of the
 * template (default system message, tool instructions) and the diagnostic codes.
 */
import type { SpecialToken } from '../types.ts';

export const TOKENS = {
  imStart: '<|im_start|>',
  imEnd: '<|im_end|>',
  endOfText: '<|endoftext|>',
  toolCall: '<tool_call>',
  toolCallEnd: '</tool_call>',
  toolResponse: '<tool_response>',
  toolResponseEnd: '</tool_response>',
} as const;

/** Written as the system message when the conversation does not start with one. */
export const DEFAULT_SYSTEM = 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.';

/** After the system text when there are tools; each tool follows on its own line as JSON. */
export const TOOLS_HEAD = '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>';

/** After the last tool, up to (not including) the `<|im_end|>` of the system turn. */
export const TOOLS_TAIL =
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

/** A call: `\n<tool_call>\n{"name": "` name `", "arguments": ` JSON `}\n</tool_call>`. */
export const CALL_NAME = '\n{"name": "';
export const CALL_ARGUMENTS = '", "arguments": ';
export const CALL_END = '}\n';

export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: TOKENS.imStart, doc: 'Starts a turn; the role (system, user, assistant) follows on the same line.' },
  { token: TOKENS.imEnd, doc: 'Ends a turn (the assistant learns to write it: generation stops here).' },
  { token: TOKENS.endOfText, doc: 'End of document (Qwen pads with it); the chat template does not write it.' },
  { token: TOKENS.toolCall, doc: 'Opens a tool call: {"name": …, "arguments": …} as JSON on the next line (Qwen2.5 added token).' },
  { token: TOKENS.toolCallEnd, doc: 'Closes a tool call (Qwen2.5 added token).' },
  { token: TOKENS.toolResponse, doc: 'Opens a tool result inside a user turn (plain text in Qwen2.5\'s vocabulary).' },
  { token: TOKENS.toolResponseEnd, doc: 'Closes a tool result.' },
];

/** Texts a reader of the render takes for structure when an author writes them. */
export const INJECTION_STRINGS: readonly string[] = Object.values(TOKENS);

export const CODES = {
  recordKind: 'chatml/record-kind',
  tokenInjection: 'chatml/token-injection',
  templateRaises: 'chatml/template-raises',
  stringArguments: 'chatml/string-arguments',
  partsAsText: 'chatml/parts-as-text',
  syntax: 'chatml/syntax',
  notShown: 'chatml/not-shown',
} as const;
