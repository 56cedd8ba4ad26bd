/** Shape notes of Anthropic Messages documents (see `shared/shape.ts`). */
import { dialectLabel, type DialectId } from '../shared/dialects.ts';

export const SHAPE = 'anthropicShape';
export const CODE = 'anthropic/invalid';
export const DIALECT = 'anthropic' satisfies DialectId;
export const TARGET = dialectLabel(DIALECT);

/** Top level: `system: []` present while empty. */
export interface DocumentShape {
  emptySystem?: true;
}
/**
 * On the first model message of an Anthropic user message that follows tool results of an
 * earlier one: export must not merge it into that message (a tool result and the text after
 * it share one user message unless this says otherwise).
 */
export interface MessageShape {
  separate?: true;
}
