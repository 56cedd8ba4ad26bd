/** Messages with `contents` (not `content`) are the chat completion model of spec 002; tools with `returns` point to it too. */
import { isObject } from '../../shared/json.ts';

const SPEC_002 = 0.95;

export function detectChatCompletion(json: unknown): number {
  const messages = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.messages) ? json.messages : undefined;
  if (!messages) return 0;
  if (messages.some((m) => isObject(m) && 'contents' in m)) return SPEC_002;
  if (isObject(json) && Array.isArray(json.tools) && json.tools.some((t) => isObject(t) && 'returns' in t)) return 0.7;
  return 0;
}
