/** OpenAI Chat Completions requests: `{"messages": [...], "tools": [...], …}` or a bare messages array. */
import type { InterchangeCodec } from '../types.ts';
import { decodeOpenAiChat } from './decode.ts';
import { detectOpenAiChat } from './detect.ts';
import { encodeOpenAiChat } from './encode.ts';

export const openAiChatCodec: InterchangeCodec = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  detect: detectOpenAiChat,
  decode: decodeOpenAiChat,
  encode: encodeOpenAiChat,
};

export { decodeOpenAiChat, detectOpenAiChat, encodeOpenAiChat };
