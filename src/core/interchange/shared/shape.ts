/**
 * Shape notes: how a source document wrote something the model holds in one way (a string
 * `input` vs a one-message list, `thinking` vs `reasoning`, an empty `tools` key), so that
 * exporting in the same dialect gives back the same document. Like `apertus-json`'s
 * `apertusJsonShape`, a note is a property beside the model object's own fields, named after
 * its codec (`openaiChatShape`, …): other codecs ignore it, copies (immer, JSON,
 * structuredClone) carry it. Encoders check a note against the current content before using it,
 * so a stale note after an edit only loses the source's spelling, never content.
 */
import { newId } from '../../model/ids.ts';
import type { ValuePart } from '../../model/types.ts';
import type { JsonObject } from '../../shared/json.ts';

export function shapeOf<S extends object>(node: object, key: string): S | undefined {
  const value = (node as Record<string, unknown>)[key];
  return typeof value === 'object' && value !== null ? (value as S) : undefined;
}

/** Sets the note (when it says anything) and returns the node. */
export function withShape<N extends object, S extends object>(node: N, key: string, shape: S | undefined): N {
  if (shape && Object.keys(shape).length > 0) (node as Record<string, unknown>)[key] = shape;
  return node;
}

/**
 * A source part of a type the model has no part for (OpenAI `input_audio`, Anthropic
 * `document`, spec 002 `function` parts, …) is kept as a value part whose value is the whole
 * source object, marked `sourcePart: true`, its reader's dialect in `extraSource`: that dialect
 * writes it back verbatim; another writes it only where it has the same object, else reports it
 * lost (`Losses.keepsRaw`); text-only targets write it as JSON text (and report that).
 */
export type SourcePart = ValuePart & { sourcePart?: true };

export function sourcePart(raw: JsonObject): SourcePart {
  return { id: newId('p'), type: 'value', value: raw, sourcePart: true };
}

export function isSourcePart(part: { type: string }): part is SourcePart & { value: JsonObject } {
  return part.type === 'value' && (part as SourcePart).sourcePart === true && typeof (part as ValuePart).value === 'object' && (part as ValuePart).value !== null;
}
