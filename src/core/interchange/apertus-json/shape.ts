import type { Conversation } from '../../model/types.ts';

/**
 * How an Apertus JSON source wrote its top level, so that export gives back the same shape:
 * a bare messages array, and whether a `tools` key was present while empty. The model has no
 * field for this (it is a property of the file, not of the conversation), so the codec keeps
 * it beside the conversation's fields; other codecs ignore it, and copies (immer, JSON,
 * structuredClone) carry it along.
 */
export interface ApertusJsonShape {
  bareArray?: boolean;
  toolsKey?: boolean;
}

export type ShapedConversation = Conversation & { apertusJsonShape?: ApertusJsonShape };

export const SHAPE_KEY = 'apertusJsonShape';
