/**
 * How sure we are that a JSON value is Apertus JSON. Apertus-only shapes (`{"blocks"}`,
 * `{"parts"}`, `{"text"}` content) are near-certain; plain `{role, content: string}` messages
 * are shared with other chat dialects, so they score in the middle, unless the tools are flat
 * spec-style definitions `{name, description, parameters}`: the template reads exactly those and
 * OpenAI rejects them, so they outweigh the tool messages and `tool_calls` that Apertus shares
 * with OpenAI. Content arrays (OpenAI, Anthropic) score low, and a list of unreadable messages
 * lowest (but not 0: when no dialect claims the input, the Apertus decoder's error says where
 * it is broken).
 */
import { toolStyle } from '../shared/tool-style.ts';
import { isObject } from './fields.ts';

const APERTUS_SHAPE = 0.95;
/** Above OpenAI's 0.9 for tool messages and `tool_calls`, below the Apertus-only content shapes. */
const FLAT_TOOLS = 0.92;
const PLAIN_CHAT = 0.5;
const OTHER_CHAT = 0.1;
/** A messages list with unreadable messages: claimed weakly, so that decoding says what is wrong. */
const BROKEN = 0.05;

export function detectApertusJson(json: unknown): number {
  const messages = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.messages) ? json.messages : undefined;
  if (!messages) return 0;
  let score = messages.length === 0 ? PLAIN_CHAT : 0;
  for (const message of messages) {
    if (!isObject(message) || typeof message.role !== 'string') return BROKEN;
    const content = message.content;
    if (isObject(content) && (Array.isArray(content.blocks) || Array.isArray(content.parts) || typeof content.text === 'string')) return APERTUS_SHAPE;
    if (Array.isArray(content)) score = OTHER_CHAT;
    else if (score === 0) score = PLAIN_CHAT;
  }
  return score === PLAIN_CHAT && toolStyle(json) === 'flat' ? FLAT_TOOLS : score;
}
