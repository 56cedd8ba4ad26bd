/**
 * Every JSON dialect Parley reads and writes; one line per codec. Each is wrapped in the loss
 * probe (loss-probe.ts), so that what an encoder drops without saying is still reported.
 */
import type { InterchangeCodec } from './types.ts';
import { withLossProbe } from './loss-probe.ts';
import { apertusJsonCodec } from './apertus-json/index.ts';
import { openAiChatCodec } from './openai-chat/index.ts';
import { openAiResponsesCodec } from './openai-responses/index.ts';
import { anthropicCodec } from './anthropic/index.ts';
import { chatCompletionCodec } from './chat-completion/index.ts';
import { shareGptCodec } from './sharegpt/index.ts';
import { parleyJsonCodec } from './parley-json/index.ts';

export const CODECS: readonly InterchangeCodec[] = [
  apertusJsonCodec,
  openAiChatCodec,
  openAiResponsesCodec,
  anthropicCodec,
  chatCompletionCodec,
  shareGptCodec,
  parleyJsonCodec,
].map(withLossProbe);

export function findCodec(id: string): InterchangeCodec | undefined {
  return CODECS.find((codec) => codec.id === id);
}

/** The codec most confident that it can read `json`, with its confidence, if any is. */
export function detectDialect(json: unknown): { codec: InterchangeCodec; score: number } | undefined {
  let best: { codec: InterchangeCodec; score: number } | undefined;
  for (const codec of CODECS) {
    const score = codec.detect(json);
    if (score > (best?.score ?? 0)) best = { codec, score };
  }
  return best;
}

/** The codec most confident that it can read `json`, if any is. */
export function detectCodec(json: unknown): InterchangeCodec | undefined {
  return detectDialect(json)?.codec;
}
