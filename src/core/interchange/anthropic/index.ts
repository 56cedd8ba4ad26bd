/** Anthropic Messages requests: `{"system": …, "messages": [...], "tools": [...], …}`. */
import type { InterchangeCodec } from '../types.ts';
import { decodeAnthropic } from './decode.ts';
import { anthropicHint, detectAnthropic } from './detect.ts';
import { encodeAnthropic } from './encode.ts';

export const anthropicCodec: InterchangeCodec = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  detect: detectAnthropic,
  hint: (json) => {
    const hint = anthropicHint(json);
    return hint === undefined ? undefined : ` because ${hint}`;
  },
  decode: decodeAnthropic,
  encode: encodeAnthropic,
};

export { decodeAnthropic, detectAnthropic, encodeAnthropic };
