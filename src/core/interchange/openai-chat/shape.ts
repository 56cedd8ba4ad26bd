/** Shape notes of OpenAI Chat documents (see `shared/shape.ts`). */
import { dialectLabel, type DialectId } from '../shared/dialects.ts';

export const SHAPE = 'openaiChatShape';
export const CODE = 'openai-chat/invalid';
export const DIALECT = 'openai-chat' satisfies DialectId;
export const TARGET = dialectLabel(DIALECT);

/** Top level: a bare messages array; `tools: []` / `functions: []` present while empty. */
export interface DocumentShape {
  bareArray?: true;
  toolsKey?: true;
  functionsKey?: true;
}
/** The keys an assistant message's reasoning comes under (reasoning.ts), in the order they are read. */
export const REASONING_KEYS = ['reasoning_content', 'reasoning', 'thinking'] as const;
export type ReasoningKey = (typeof REASONING_KEYS)[number];

/**
 * A message with `tool_calls: []`; a `tool` message without `tool_call_id` (not made up on
 * export). An assistant message whose reasoning was read as thoughts (reasoning.ts): the key it
 * came under, and how its `content` was written when the blocks do not say (`null`, absent, or
 * an array of text parts rather than a string).
 */
export interface MessageShape {
  emptyToolCalls?: true;
  noCallId?: true;
  reasoningKey?: ReasoningKey;
  contentForm?: 'null' | 'absent' | 'parts';
}
/**
 * A call from the legacy `function_call`; arguments given as an object (not the API's string);
 * a `tool_calls` entry without `id` (written back without one, not with a made-up id); one
 * without `type` (written back without one; a call made in the model gets `"function"`).
 */
export interface CallShape {
  legacy?: true;
  argsObject?: true;
  noId?: true;
  noType?: true;
}
/** A tool from the legacy `functions` list. */
export interface ToolShape {
  legacy?: true;
}
/**
 * An `image_url` given as a bare string; a Hugging Face image part; an image in a `tool` message (which the API refuses:
 * written back only to the same dialect, see encode-parts.ts).
 */
export interface PartShape {
  urlString?: true;
  inTool?: true;
  /** A Hugging Face image part `{"type": "image", "image": url}` (or `"url": url`): written back so. */
  hfImage?: 'image' | 'url';
}
