/**
 * Llama 3.1 Instruct as its chat template writes it: the tokens, the fixed texts of the
 * template (date header, tool instructions) and the diagnostic codes.
 */
import type { SpecialToken } from '../types.ts';

export const TOKENS = {
  beginOfText: '<|begin_of_text|>',
  startHeader: '<|start_header_id|>',
  endHeader: '<|end_header_id|>',
  eot: '<|eot_id|>',
  eom: '<|eom_id|>',
  pythonTag: '<|python_tag|>',
  endOfText: '<|end_of_text|>',
} as const;

export const ENVIRONMENT = 'Environment: ipython\n';
export const BUILTIN_PREFIX = 'Tools: ';
export const CUTOFF = 'Cutting Knowledge Date: December 2023\n';
export const TODAY_PREFIX = 'Today Date: ';
/** The template's `date_string` when the caller gives none. */
export const DEFAULT_DATE = '26 Jul 2024';

const FORMAT_LINE = 'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.\n\n';
/** Before the tools when they go in the system turn (`tools_in_user_message` false). */
export const SYSTEM_TOOLS_INTRO = `You have access to the following functions. To call a function, please respond with JSON for a function call.${FORMAT_LINE}`;
/** Before the tools when they go in the first user turn (the default). */
export const USER_TOOLS_INTRO = `Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n${FORMAT_LINE}`;

/** A call: `{"name": "` name `", "parameters": ` JSON `}`. */
export const CALL_NAME = '{"name": "';
export const CALL_PARAMETERS = '", "parameters": ';
export const CALL_END = '}';

export const SPECIAL_TOKENS: readonly SpecialToken[] = [
  { token: TOKENS.beginOfText, doc: 'Start of the text (bos_token), written once at the very start.' },
  { token: TOKENS.startHeader, doc: 'Opens a turn header; the role (system, user, assistant, ipython) follows.' },
  { token: TOKENS.endHeader, doc: 'Closes the turn header; two line breaks, then the turn\'s text.' },
  { token: TOKENS.eot, doc: 'End of turn: the assistant learns to write it (generation stops here).' },
  { token: TOKENS.eom, doc: 'End of message: the assistant called a built-in tool and waits for its result (ipython mode).' },
  { token: TOKENS.pythonTag, doc: 'Starts a built-in tool call (brave_search.call(…), wolfram_alpha.call(…)).' },
  { token: TOKENS.endOfText, doc: 'End of document (pretraining); the chat template does not write it.' },
];

export const INJECTION_STRINGS: readonly string[] = Object.values(TOKENS);

export const CODES = {
  recordKind: 'llama3/record-kind',
  tokenInjection: 'llama3/token-injection',
  templateRaises: 'llama3/template-raises',
  stringArguments: 'llama3/string-arguments',
  partsAsText: 'llama3/parts-as-text',
  syntax: 'llama3/syntax',
  notShown: 'llama3/not-shown',
} as const;
