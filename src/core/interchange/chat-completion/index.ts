/** The chat completion message model of spec 002 (Ailoy): `{"messages": [...], "tools": [...]}` or a bare message array. */
import type { InterchangeCodec } from '../types.ts';
import { decodeChatCompletion } from './decode.ts';
import { detectChatCompletion } from './detect.ts';
import { encodeChatCompletion } from './encode.ts';

export const chatCompletionCodec: InterchangeCodec = {
  id: 'chat-completion',
  label: 'Chat completion model (spec 002)',
  detect: detectChatCompletion,
  decode: decodeChatCompletion,
  encode: encodeChatCompletion,
};

export { decodeChatCompletion, detectChatCompletion, encodeChatCompletion };
