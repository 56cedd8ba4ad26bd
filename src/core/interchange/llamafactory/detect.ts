/**
 * LLaMA-Factory v1 messages hold their content as a list of `{"type", "value"}` parts (`text`,
 * `reasoning`, `tool_call`, `image_url`, …): a `value` beside a `type`, where other dialects
 * write `text`, is its own mark.
 */
import { isObject } from '../../shared/json.ts';

const OWN = 0.95;

function isValuePart(part: unknown): boolean {
  return isObject(part) && typeof part.type === 'string' && 'value' in part && !('text' in part);
}

export function detectLlamaFactory(json: unknown): number {
  if (!isObject(json) || !Array.isArray(json.messages)) return 0;
  const lists = json.messages.flatMap((m) => (isObject(m) && Array.isArray(m.content) ? [m.content] : []));
  if (lists.length === 0) return 0;
  return lists.some((parts) => parts.length > 0 && parts.every(isValuePart)) ? OWN : 0;
}
