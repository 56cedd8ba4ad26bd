/**
 * Parley JSON: the Parley model itself as JSON, `{"parley": 1, "kind": "chat", "messages": […],
 * "tools": […]}` or `{"parley": 1, "kind": "document", "files": […]}`. The one dialect that holds
 * every record losslessly (documents, names, thought flags and kinds, FIM segments, parts,
 * blocks, call ids, unknown fields); what the other dialects are converted through when nothing
 * may be lost.
 */
import type { InterchangeCodec } from '../types.ts';
import { decodeParleyJson } from './decode.ts';
import { detectParleyJson } from './detect.ts';
import { encodeParleyJson } from './encode.ts';
import { LABEL } from './version.ts';

export const parleyJsonCodec: InterchangeCodec = {
  id: 'parley-json',
  label: LABEL,
  detect: detectParleyJson,
  decode: decodeParleyJson,
  encode: encodeParleyJson,
};

export { decodeParleyJson, detectParleyJson, encodeParleyJson };
export { PARLEY_JSON_VERSION } from './version.ts';
