/**
 * How an OpenAI-style source spelled what the model holds one way, read from the note its reader
 * left on the model object (interchange/openai-chat/shape.ts: `openaiChatShape`, see
 * interchange/shared/shape.ts). Formats do not import interchange; the note is plain data on
 * the record, read here by its key (template-messages.test.ts checks that the key and fields
 * are the reader's). A template receives content as given: a Hugging Face image part stays
 * `{"type": "image", "image": …}`, reasoning comes under the key it was read from.
 */
export const OPENAI_CHAT_NOTE = 'openaiChatShape';

export interface SourceNote {
  /** Document: `tools: []` was present. */
  toolsKey?: true;
  /** Message: `tool_calls: []` was present. */
  emptyToolCalls?: true;
  reasoningKey?: string;
  contentForm?: 'null' | 'absent' | 'parts';
  /** Call: no `type` key; arguments given as an object (not the API's string). */
  noType?: true;
  argsObject?: true;
  /** Image part: a bare URL string as `image_url`; a Hugging Face image part and where its URL was. */
  urlString?: true;
  hfImage?: 'image' | 'url';
}

export function sourceNote(node: object): SourceNote | undefined {
  const value = (node as Record<string, unknown>)[OPENAI_CHAT_NOTE];
  return typeof value === 'object' && value !== null ? (value as SourceNote) : undefined;
}
