/** LLaMA-Factory v1 records: `{"messages": [{"role", "content": [{"type", "value"}]}], "tools": "<JSON text>"}` (its v1 data format). */
import type { InterchangeCodec } from '../types.ts';
import { decodeLlamaFactory } from './decode.ts';
import { detectLlamaFactory } from './detect.ts';
import { encodeLlamaFactory } from './encode.ts';

export const llamaFactoryCodec: InterchangeCodec = {
  id: 'llamafactory',
  label: 'LLaMA-Factory v1',
  detect: detectLlamaFactory,
  decode: decodeLlamaFactory,
  encode: encodeLlamaFactory,
};
