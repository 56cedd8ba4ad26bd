/** A `conversations` list of `{from, value}` turns is ShareGPT. */
import { isObject } from '../../shared/json.ts';

export function detectShareGpt(json: unknown): number {
  if (!isObject(json) || !Array.isArray(json.conversations)) return 0;
  const turns = json.conversations;
  if (turns.length === 0) return 0.8;
  return turns.every((t) => isObject(t) && typeof t.from === 'string') ? 0.95 : 0.3;
}
