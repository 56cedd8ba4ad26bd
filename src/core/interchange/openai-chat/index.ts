/** OpenAI Chat Completions requests: `{"messages": [...], "tools": [...], …}` or a bare messages array. */
import type { InterchangeCodec } from '../types.ts';
import { decodeOpenAiChat } from './decode.ts';
import { detectOpenAiChat } from './detect.ts';
import { encodeOpenAiChat } from './encode.ts';
import { OPENAI_CHAT_OPTIONS } from './options.ts';
import { DIALECT, TARGET } from './shape.ts';

export const openAiChatCodec: InterchangeCodec = {
  id: DIALECT,
  label: TARGET,
  detect: detectOpenAiChat,
  // Plain messages and text parts are shared; OpenAI's are the most common (detect.ts).
  hint: () => ', the most common writer of such messages',
  decode: decodeOpenAiChat,
  encodeOptions: OPENAI_CHAT_OPTIONS,
  encode: encodeOpenAiChat,
};

export { decodeOpenAiChat, detectOpenAiChat, encodeOpenAiChat };
export { OPENAI_CHAT_OPTIONS, OPENAI_CHAT_DEFAULTS, type OpenAiChatOptions } from './options.ts';
