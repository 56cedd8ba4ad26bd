/** Shape notes of OpenAI Responses documents (see `shared/shape.ts`). */
import { dialectLabel, type DialectId } from '../shared/dialects.ts';
import type { Extra } from '../../model/types.ts';
import type { JsonObject } from '../../shared/json.ts';

export const SHAPE = 'openaiResponsesShape';
export const CODE = 'openai-responses/invalid';
export const TABLE_SHAPE = 'openai-responses/spec-table-shape';
export const DIALECT = 'openai-responses' satisfies DialectId;
export const TARGET = dialectLabel(DIALECT);

/** Top level: `input` was a string (one user message). */
export interface DocumentShape {
  inputString?: true;
}

/** A message from `instructions`; an input message written with `"type": "message"`. */
export interface MessageShape {
  instructions?: true;
  typed?: true;
}

/**
 * On the first block of each assistant message item of a turn (response blocks and the
 * unknown blocks of its other parts): how the item was written. The first item's unknown
 * keys (`id`, `status`) are the turn message's `extra`; a later item's are kept here.
 */
export interface ItemNote {
  typed?: true;
  stringContent?: true;
  emptyContent?: true;
  extra?: Extra;
}

export interface BlockShape {
  /** This block starts an assistant message item. */
  item?: ItemNote;
  /** An unknown block that is a content part of a message item (a `refusal`), not an item. */
  part?: true;
  /** Thoughts from a reasoning item whose `summary` was not one plain `summary_text`: the source's list. */
  summary?: JsonObject[];
}

/** A text part whose type is not the role's default (`output_text` for the assistant, else `input_text`). */
export interface PartShape {
  partType?: string;
}

/** A tool written OpenAI-Chat-style (`{"type": "function", "function": {…}}`) in a Responses document. */
export interface ToolShape {
  wrapped?: true;
}
