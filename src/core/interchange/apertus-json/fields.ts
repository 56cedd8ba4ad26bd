/** Small helpers shared by the decoder's node readers. */
import { pythonJsonText } from './json-text.ts';

// The generic helpers live in core/shared/json.ts; the decoder's readers import them from here.
export { extraOf, isObject, withKey, type JsonObject } from '../../shared/json.ts';

/**
 * A text field that should be a string. Anything else was reported by the schema; its JSON
 * text is kept so that the value stays visible and editable (missing or null: empty).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return pythonJsonText(value);
}
