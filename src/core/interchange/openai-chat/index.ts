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
  decode: decodeOpenAiChat,
  encodeOptions: OPENAI_CHAT_OPTIONS,
  encode: encodeOpenAiChat,
};

export { decodeOpenAiChat, detectOpenAiChat, encodeOpenAiChat };
export { OPENAI_CHAT_OPTIONS, OPENAI_CHAT_DEFAULTS, type OpenAiChatOptions } from './options.ts';
