/**
 * Every JSON dialect Parley reads and writes; one line per codec. Each is wrapped in the loss
 * probe (loss-probe.ts), so that what an encoder drops without saying is still reported.
 */
import type { InterchangeCodec } from './types.ts';
import { withLossProbe } from './loss-probe.ts';
import { withShapes } from './shapes/index.ts';
import { FITS, MARKED } from './shared/detect-levels.ts';
import { apertusJsonCodec } from './apertus-json/index.ts';
import { openAiChatCodec } from './openai-chat/index.ts';
import { openAiResponsesCodec } from './openai-responses/index.ts';
import { anthropicCodec } from './anthropic/index.ts';
import { chatCompletionCodec } from './chat-completion/index.ts';
import { shareGptCodec } from './sharegpt/index.ts';
import { parleyJsonCodec } from './parley-json/index.ts';
import { alpacaCodec } from './alpaca/index.ts';
import { llamaFactoryCodec } from './llamafactory/index.ts';

export const CODECS: readonly InterchangeCodec[] = [
  apertusJsonCodec,
  openAiChatCodec,
  openAiResponsesCodec,
  anthropicCodec,
  chatCompletionCodec,
  shareGptCodec,
  alpacaCodec,
  llamaFactoryCodec,
  parleyJsonCodec,
]
  .map(withLossProbe)
  // Training-data shapes (trl, LLaMA-Factory) are read on top of each dialect's messages.
  .map(withShapes);

export function findCodec(id: string): InterchangeCodec | undefined {
  return CODECS.find((codec) => codec.id === id);
}

export interface Detection {
  codec: InterchangeCodec;
  score: number;
  /**
   * The other dialects that read the value as well when no mark of the chosen one decided
   * (its score below MARKED, theirs from FITS: shared/detect-levels.ts), most confident first;
   * empty when a mark decided.
   */
  alsoFits: InterchangeCodec[];
}

/** The codec most confident that it can read `json`, with its confidence, if any is. */
export function detectDialect(json: unknown): Detection | undefined {
  let best: { codec: InterchangeCodec; score: number } | undefined;
  const scores: { codec: InterchangeCodec; score: number }[] = [];
  for (const codec of CODECS) {
    const score = codec.detect(json);
    scores.push({ codec, score });
    if (score > (best?.score ?? 0)) best = { codec, score };
  }
  if (!best) return undefined;
  if (best.score >= MARKED) return { ...best, alsoFits: [] };
  const alsoFits = scores
    .filter(({ codec, score }) => codec !== best.codec && score >= FITS)
    .sort((a, b) => b.score - a.score)
    .map(({ codec }) => codec);
  return { ...best, alsoFits };
}

/**
 * What the person is told about a detection that no mark decided: which dialects fit as well
 * and why this one was chosen; undefined when a mark decided or nothing else fits.
 */
export function detectionNote(detection: Detection, json: unknown): string | undefined {
  if (detection.alsoFits.length === 0) return undefined;
  const { codec } = detection;
  const others = detection.alsoFits.map((other) => other.label);
  const listed = others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}`;
  const why = codec.hint?.(json) ?? ', which ranks first for such values';
  return `${listed} ${others.length === 1 ? 'fits' : 'fit'} it as well (nothing in it marks one dialect); read as ${codec.label}${why}`;
}

/** The codec most confident that it can read `json`, if any is. */
export function detectCodec(json: unknown): InterchangeCodec | undefined {
  return detectDialect(json)?.codec;
}
