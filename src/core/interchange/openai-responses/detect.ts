/**
 * An object with `input` (a string or a list of items) is an OpenAI Responses request; no other
 * chat dialect has that key. An Alpaca record has an `input` string too, beside its
 * `instruction` (singular: Responses has `instructions`), which Responses never has.
 */
import { isObject } from '../../shared/json.ts';

const RESPONSES = 0.95;
const ITEM_TYPES = new Set(['message', 'function_call', 'function_call_output', 'reasoning', 'item_reference']);

export function detectOpenAiResponses(json: unknown): number {
  if (!isObject(json) || 'messages' in json || typeof json.instruction === 'string') return 0;
  if (typeof json.input === 'string') return RESPONSES;
  if (!Array.isArray(json.input)) return 0;
  const items = json.input;
  if (items.length === 0 || items.some((item) => isObject(item) && ((typeof item.type === 'string' && ITEM_TYPES.has(item.type)) || 'role' in item))) return RESPONSES;
  return 0.3;
}
