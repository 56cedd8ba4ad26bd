/** Every JSON dialect Parley reads and writes; one line per codec. */
import type { InterchangeCodec } from './types.ts';

export const CODECS: readonly InterchangeCodec[] = [];

export function findCodec(id: string): InterchangeCodec | undefined {
  return CODECS.find((codec) => codec.id === id);
}

/** The codec most confident that it can read `json`, if any is. */
export function detectCodec(json: unknown): InterchangeCodec | undefined {
  let best: InterchangeCodec | undefined;
  let bestScore = 0;
  for (const codec of CODECS) {
    const score = codec.detect(json);
    if (score > bestScore) {
      best = codec;
      bestScore = score;
    }
  }
  return best;
}
