/** Shape notes of OpenAI Chat documents (see `shared/shape.ts`). */
export const SHAPE = 'openaiChatShape';
export const CODE = 'openai-chat/invalid';
export const TARGET = 'OpenAI Chat Completions';

/** Top level: a bare messages array; `tools: []` / `functions: []` present while empty. */
export interface DocumentShape {
  bareArray?: true;
  toolsKey?: true;
  functionsKey?: true;
}
/** A message with `tool_calls: []`. */
export interface MessageShape {
  emptyToolCalls?: true;
}
/** A call from the legacy `function_call`; arguments given as an object (not the API's string). */
export interface CallShape {
  legacy?: true;
  argsObject?: true;
}
/** A tool from the legacy `functions` list. */
export interface ToolShape {
  legacy?: true;
}
/** An `image_url` given as a bare string. */
export interface PartShape {
  urlString?: true;
}
