/**
 * Value parts and fill-in-the-middle segments in a dialect that has no part for them (OpenAI
 * Chat Completions and Responses, Anthropic; spec 002 for FIM): a source part kept whole from
 * another dialect is written back only where the target has the same object, anything else
 * becomes a text part of its JSON text (a value) or of prefix, middle and suffix in a row (a
 * FIM segment), and the loss is reported in the target's words.
 */
import type { Where } from '../../model/path.ts';
import type { FimPart, ValuePart } from '../../model/types.ts';
import type { Losses } from '../conversion.ts';
import { merge, type JsonObject } from '../../shared/json.ts';
import { isSourcePart } from './shape.ts';
import { valuePartWhat } from '../../model/part-words.ts';

/** How the loss notes name the target and its parts, and the type of its text part. */
export interface TextFallback {
  /** "Anthropic", "Responses", "spec 002". */
  dialect: string;
  unit: 'parts' | 'blocks';
  /** `text`, or Responses' `input_text`. */
  textType: string;
}

/** The text a value part or a FIM segment becomes where it can only be text. */
export function fallbackText(part: ValuePart | FimPart): string {
  return part.type === 'value' ? (JSON.stringify(part.value) ?? 'null') : part.prefix + part.middle + part.suffix;
}

/**
 * A source part (shared/shape.ts `SourcePart`): its object when the target keeps it
 * (`Losses.keepsRaw`, which reports it otherwise), else undefined. Undefined too for a value
 * part that is not a source part, which the caller writes its own way.
 */
export function keptSourcePart(part: ValuePart, path: Where, losses: Losses): JsonObject | undefined {
  if (!isSourcePart(part)) return undefined;
  return losses.keepsRaw(part, part.value, `a part of type ${JSON.stringify(part.value.type ?? '')}`, path) ? part.value : undefined;
}

/** A value part or FIM segment as the target writes it: a kept source part, else a text part (reported). */
export function fallbackPart(part: ValuePart | FimPart, path: Where, losses: Losses, words: TextFallback): JsonObject | undefined {
  if (part.type === 'value') {
    if (isSourcePart(part)) return keptSourcePart(part, path, losses);
    losses.add(valuePartWhat(part), path, `${words.dialect} has no value ${words.unit}; written as its JSON text`);
  } else {
    losses.add('a fill-in-the-middle segment', path, `${words.dialect} has no FIM ${words.unit}; written as prefix, middle and suffix in a row`);
  }
  return merge({ type: words.textType, text: fallbackText(part) }, losses.extraOf(part, 'text', path), losses.clash(path));
}
