/**
 * Spec 002's tool errors: "When an error occurs in a tool, it should still be passed along":
 * a tool message whose contents hold `{"type": "value", "value": {"error": …}}`. The model says
 * the same with the result's error flag (`isError`, Anthropic `is_error`, RWKV
 * `status="error"`), so reading sets the flag and writing a flagged result without such a value
 * makes one from the result's text.
 */
import type { Content } from '../../model/types.ts';
import { isObject, tryParseJson, type JsonObject } from '../../shared/json.ts';

/** `{"error": …}`, the spec's error value. */
export function isErrorValue(value: unknown): value is JsonObject & { error: unknown } {
  return isObject(value) && 'error' in value;
}

export function hasErrorValue(content: Content | null | undefined): boolean {
  return content?.type === 'parts' && content.parts.some((part) => part.type === 'value' && isErrorValue(part.value));
}

/**
 * The error value of a result's text: the text itself when it is already `{"error": …}` JSON,
 * else `{"error": <its JSON value>}` (`{"code": "NOT_FOUND"}` → `{"error": {"code": …}}`, as
 * the spec's example), else `{"error": "<the text>"}`.
 */
export function errorValueOf(text: string): JsonObject {
  const parsed = tryParseJson(text);
  if (!parsed) return { error: text };
  return isErrorValue(parsed.value) ? parsed.value : { error: parsed.value };
}
