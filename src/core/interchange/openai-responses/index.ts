/** OpenAI Responses requests: `{"instructions": …, "input": [...] | "…", "tools": [...], …}`. */
import type { InterchangeCodec } from '../types.ts';
import { decodeOpenAiResponses } from './decode.ts';
import { detectOpenAiResponses } from './detect.ts';
import { encodeOpenAiResponses } from './encode.ts';

export const openAiResponsesCodec: InterchangeCodec = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  detect: detectOpenAiResponses,
  decode: decodeOpenAiResponses,
  encode: encodeOpenAiResponses,
};

export { decodeOpenAiResponses, detectOpenAiResponses, encodeOpenAiResponses };
