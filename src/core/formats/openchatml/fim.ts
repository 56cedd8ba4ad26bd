/**
 * Fill-in-the-middle segments (spec §6): three tokens, each followed by its part, in the order
 * of the `fimOrder` option. The middle is what the model writes, so it is trainable wherever
 * the segment stands (a document, a user message, an assistant message).
 */
import type { FieldPath } from '../../model/path.ts';
import type { FimPart } from '../../model/types.ts';
import type { Emitter } from './emitter.ts';
import type { FimOrder } from './options.ts';
import { TOKENS } from './tokens.ts';

export type FimField = 'prefix' | 'middle' | 'suffix';

export const FIM_TOKEN: Record<FimField, string> = { prefix: TOKENS.fimPrefix, middle: TOKENS.fimMiddle, suffix: TOKENS.fimSuffix };

/** The fields of a segment in the order the text writes them. */
export const FIM_FIELDS: Record<FimOrder, readonly FimField[]> = {
  spec: ['prefix', 'middle', 'suffix'],
  psm: ['prefix', 'suffix', 'middle'],
  spm: ['suffix', 'prefix', 'middle'],
};

/** `path` is the part's path (`…parts[k]`). */
export function renderFim(e: Emitter, part: FimPart, path: FieldPath, trainable: boolean): void {
  for (const field of FIM_FIELDS[e.options.fimOrder]) {
    e.special(FIM_TOKEN[field], path, trainable);
    e.content(part[field], [...path, field], trainable || field === 'middle');
  }
}
