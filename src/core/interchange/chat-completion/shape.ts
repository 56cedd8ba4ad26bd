/** Shape notes of spec 002 (chat completion message model) documents (see `shared/shape.ts`). */
import { dialectLabel, type DialectId } from '../shared/dialects.ts';

export const SHAPE = 'chatCompletionShape';
export const CODE = 'chat-completion/invalid';
export const DIALECT = 'chat-completion' satisfies DialectId;
export const TARGET = dialectLabel(DIALECT);

export interface DocumentShape {
  bareArray?: true;
  toolsKey?: true;
}
export interface MessageShape {
  /** `contents` was a string (Ailoy's single-text form). */
  contentsString?: true;
  /** No `contents` key beside reasoning. */
  noContents?: true;
  /** The reasoning was under `thinking` (Ailoy's name), not `reasoning` (the spec's). */
  thinkingKey?: true;
  /** `tool_calls: []` on a message with reasoning. */
  emptyToolCalls?: true;
}
export interface CallShape {
  /** The call id was inside `function` (the spec's first example). */
  idInFunction?: true;
  /** A `function` part of an assistant's `contents` (spec 002 "Part: Function"), not a `tool_calls` entry. */
  contentsPart?: true;
  /** Arguments were a string, not the spec's object. */
  argsString?: true;
}
export interface PartShape {
  /** The image was `{"data": …}` (base64), not `{"url": …}`: its data URL was made here. */
  imageData?: 'base64' | 'data-url';
}
export interface ToolShape {
  wrapped?: true;
}
