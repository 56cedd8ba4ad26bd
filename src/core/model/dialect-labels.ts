/**
 * The names of the dialects that tag what they read (`Extensible.extraSource`), as people know
 * them. One table so that a loss can say where a field came from ("an Anthropic Messages
 * field") as well as where it could not go.
 */
export const DIALECT_LABELS = {
  'apertus-json': 'Apertus JSON',
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  'chat-completion': 'the chat completion model (spec 002)',
  sharegpt: 'ShareGPT',
  alpaca: 'Alpaca',
  llamafactory: 'LLaMA-Factory v1',
  rwkv: 'RWKV text',
} as const;

export type DialectId = keyof typeof DIALECT_LABELS;

export function dialectLabel(id: string): string {
  return (DIALECT_LABELS as Record<string, string>)[id] ?? id;
}
