/** ShareGPT records: `{"conversations": [{"from", "value"}], "system"?, "tools"?, …}` (LLaMA-Factory, axolotl, FastChat). */
import type { InterchangeCodec } from '../types.ts';
import { decodeShareGpt } from './decode.ts';
import { detectShareGpt } from './detect.ts';
import { encodeShareGpt } from './encode.ts';

export const shareGptCodec: InterchangeCodec = {
  id: 'sharegpt',
  label: 'ShareGPT',
  detect: detectShareGpt,
  decode: decodeShareGpt,
  encode: encodeShareGpt,
};

export { decodeShareGpt, detectShareGpt, encodeShareGpt };
