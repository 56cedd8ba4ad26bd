/**
 * How sure we are that a JSON value is an OpenAI Chat Completions request. Plain
 * `{role, content: string}` messages are shared with Apertus JSON and Anthropic; OpenAI is the
 * most common writer of them, so it scores just above the others. OpenAI-only shapes
 * (`tool_calls`, `tool` messages, `image_url` parts, `functions`, nested tools) are near-certain,
 * unless the tools are flat `{name, description, parameters}` objects: OpenAI rejects those
 * (it wants `{"type": "function", "function": {…}}`), and they are what Apertus JSON writes,
 * so they keep the score below Apertus' plain chat. Parts of other types are Hugging Face's
 * (`{"type": "image"}`, `video`, `audio`, as chat templates and Qwen2.5-VL's examples write
 * them): read as OpenAI-style messages, kept whole; an image with a `source` is Anthropic's.
 */
import { isObject } from '../../shared/json.ts';
import { toolStyle } from '../shared/tool-style.ts';

const OPENAI_SHAPE = 0.9;
const TEXT_PARTS = 0.6;
const PLAIN_CHAT = 0.55;
const OTHER_DIALECT = 0.1;
/** Below Apertus JSON's plain chat (0.5): flat tools are Apertus evidence; still above 0 so that a decode can say what is wrong. */
const FLAT_TOOLS = 0.4;

const OPENAI_ROLES = new Set(['tool', 'function', 'developer']);
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file', 'refusal']);
const FOREIGN_PARTS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'input_text', 'output_text', 'value', 'function']);

export function detectOpenAiChat(json: unknown): number {
  const messages = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.messages) ? json.messages : undefined;
  if (!messages) return 0;
  let score = PLAIN_CHAT;
  if (isObject(json) && (Array.isArray(json.functions) || (Array.isArray(json.tools) && json.tools.some((t) => isObject(t) && isObject(t.function))))) score = OPENAI_SHAPE;
  for (const message of messages) {
    if (!isObject(message) || typeof message.role !== 'string' || 'contents' in message || 'from' in message) return 0;
    const content = message.content;
    if (isObject(content)) return OTHER_DIALECT;
    if (Array.isArray(content)) {
      for (const part of content) {
        const type = isObject(part) ? part.type : undefined;
        if (typeof type === 'string' && (FOREIGN_PARTS.has(type) || (type === 'image' && isObject(part) && isObject(part.source)))) return OTHER_DIALECT;
        if (typeof type === 'string' && OPENAI_PARTS.has(type)) score = OPENAI_SHAPE;
        else if (score < TEXT_PARTS) score = TEXT_PARTS;
      }
    }
    if ('tool_calls' in message || 'tool_call_id' in message || 'function_call' in message || content === null || OPENAI_ROLES.has(message.role)) score = OPENAI_SHAPE;
  }
  return toolStyle(json) === 'flat' ? Math.min(score, FLAT_TOOLS) : score;
}
