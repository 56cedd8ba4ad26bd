/** OpenChatML v0.1 (spec 003; see docs/formats.md, 'OpenChatML v0.1'): chat conversations and multi-file / FIM documents. */
import type { Format } from '../types.ts';
import { OPENCHATML_ROLE_SUPPORT } from './roles.ts';
import { OPENCHATML_DEFAULTS, OPENCHATML_OPTIONS, type OpenChatMlOptions } from './options.ts';
import { parseOpenChatMl } from './parse.ts';
import { renderOpenChatMl } from './render.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const openChatMlFormat: Format<OpenChatMlOptions> = {
  id: 'openchatml',
  label: 'OpenChatML v0.1',
  description:
    'ChatML-style turns (<|im_start|>role name=…) with thought flags and reflect/introspect/reason blocks, fill-in-the-middle segments, multi-file documents and function calling (spec 003).',
  options: OPENCHATML_OPTIONS,
  defaults: OPENCHATML_DEFAULTS,
  specialTokens: SPECIAL_TOKENS,
  recordKinds: ['chat', 'document'],
  roles: OPENCHATML_ROLE_SUPPORT,
  fillInTheMiddle: true,
  render: renderOpenChatMl,
  parse: parseOpenChatMl,
};

export { renderOpenChatMl, parseOpenChatMl, OPENCHATML_DEFAULTS };
export type { OpenChatMlOptions };
export type { OpenChatMlParseResult } from './parse.ts';
export type { FimOrder, JsonStyle } from './options.ts';
export { FIM_ORDERS as OPENCHATML_FIM_ORDERS, JSON_STYLES as OPENCHATML_JSON_STYLES, resolveOptions as resolveOpenChatMlOptions } from './options.ts';
export { CODES as OPENCHATML_CODES, PARSE_CODES as OPENCHATML_PARSE_CODES } from './codes.ts';
export { TOKENS as OPENCHATML_TOKENS, SPECIAL_TOKENS as OPENCHATML_SPECIAL_TOKENS } from './tokens.ts';
export { FIM_FIELDS as OPENCHATML_FIM_FIELDS } from './fim.ts';
