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

/** A loop without a list made per record: every record of a data set is detected. */
export function detectLlamaFactory(json: unknown): number {
  if (!isObject(json) || !Array.isArray(json.messages)) return 0;
  for (const message of json.messages) {
    if (!isObject(message) || !Array.isArray(message.content)) continue;
    const parts: unknown[] = message.content;
    if (parts.length > 0 && parts.every(isValuePart)) return OWN;
  }
  return 0;
}
