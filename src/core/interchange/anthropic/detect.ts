/**
 * How sure we are that a JSON value is an Anthropic Messages request: Anthropic-only shapes
 * (a top-level `system`, `tool_use`/`tool_result`/`thinking` blocks, image `source`s, tools with
 * `input_schema`) are near-certain; plain user/assistant messages are shared with OpenAI and
 * Apertus JSON, which score higher for them; roles Anthropic does not have rule it out.
 */
import { isObject } from '../../shared/json.ts';

const ANTHROPIC_SHAPE = 0.95;
const PLAIN_CHAT = 0.3;
const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'server_tool_use']);

export function detectAnthropic(json: unknown): number {
  if (!isObject(json) || !Array.isArray(json.messages)) return 0;
  let score = PLAIN_CHAT;
  if ('system' in json || (Array.isArray(json.tools) && json.tools.some((t) => isObject(t) && 'input_schema' in t))) score = ANTHROPIC_SHAPE;
  for (const message of json.messages) {
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant') || 'contents' in message || 'tool_calls' in message) return 0;
    if (isObject(message.content)) return 0;
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isObject(block)) continue;
      if ((typeof block.type === 'string' && ANTHROPIC_BLOCKS.has(block.type)) || (block.type === 'image' && isObject(block.source))) score = ANTHROPIC_SHAPE;
      if (block.type === 'image_url' || block.type === 'input_text') return 0;
    }
  }
  return score;
}
