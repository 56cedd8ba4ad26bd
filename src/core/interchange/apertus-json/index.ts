/** The Apertus JSON dialect (spec 000): `{"messages": [...], "tools": [...]}` or a bare messages array. */
import type { InterchangeCodec } from '../types.ts';
import { decodeApertusJson } from './decode.ts';
import { detectApertusJson } from './detect.ts';
import { encodeApertusJson } from './encode.ts';

export const apertusJsonCodec: InterchangeCodec = {
  id: 'apertus-json',
  label: 'Apertus JSON',
  detect: detectApertusJson,
  decode: decodeApertusJson,
  encode: encodeApertusJson,
};

export { decodeApertusJson, detectApertusJson, encodeApertusJson };
export { pythonJsonText } from './json-text.ts';
export type { ApertusJsonShape, ShapedConversation } from './shape.ts';
export type { ApertusJsonDocument, ApertusJsonMessage, ApertusJsonCall } from './schema.ts';
