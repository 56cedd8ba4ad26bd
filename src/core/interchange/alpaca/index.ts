/** Alpaca records: `{"instruction", "input", "output", "system"?, "history"?}` (Stanford Alpaca, LLaMA-Factory's alpaca format with `chosen`/`rejected` and `kto_tag`). */
import type { InterchangeCodec } from '../types.ts';
import { decodeAlpaca } from './decode.ts';
import { detectAlpaca } from './detect.ts';
import { encodeAlpaca } from './encode.ts';

export const alpacaCodec: InterchangeCodec = {
  id: 'alpaca',
  label: 'Alpaca',
  detect: detectAlpaca,
  decode: decodeAlpaca,
  encode: encodeAlpaca,
};

export { alpacaFieldsOf, withAlpacaFields } from './fields.ts';
