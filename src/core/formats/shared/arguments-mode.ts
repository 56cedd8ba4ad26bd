/**
 * How a Hub template's `tool_call.arguments | tojson` sees a call's arguments (ChatML-Qwen2.5,
 * Llama 3.1). The model keeps arguments as the author's text; the templates write an object
 * as JSON and a string as a quoted JSON string. Qwen and Meta document (and trained on)
 * objects, while OpenAI-style data carries strings (see docs/formats.md, 'Hub templates:
 * tool-call arguments').
 * - `object` (default): arguments whose text is a JSON object are written as that object, as
 *   when the caller parses them before `apply_chat_template`.
 * - `as-given`: only arguments the source gave as an object (`argumentsWasObject`) are; the
 *   rest are written as the template writes a string. Byte-identical to the template given
 *   OpenAI API data as it is.
 */
import type { FormatOption } from '../../shared/options.ts';
import type { ToolCall } from '../../model/types.ts';
import { toJson } from './jinja-json.ts';

export type ArgumentsMode = 'object' | 'as-given';

export const ARGUMENTS_OPTION: FormatOption = {
  key: 'arguments',
  label: 'Tool-call arguments',
  description:
    'object: arguments that are a JSON object are written as JSON, as when they are parsed before rendering (what the model was trained on); as-given: arguments the source gave as a string are written as the template writes a string, quoted.',
  type: 'enum',
  default: 'object',
  choices: ['object', 'as-given'],
  cliFlag: '--arguments',
};

export function isArgumentsMode(value: unknown): value is ArgumentsMode {
  return value === 'as-given' || value === 'object';
}

/** The JSON object the arguments text holds, or undefined. */
function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface ArgumentsJson {
  text: string;
  quoted: boolean;
  value?: Record<string, unknown>;
}

/** Results by call (immer keeps unchanged calls identical across the app's renders); the text is compared, so an edit in place is seen. */
const memo = new WeakMap<ToolCall, { source: string; asObject: boolean; result: ArgumentsJson }>();

/**
 * `arguments | tojson`: `quoted` says that the text was written as a JSON string (the
 * template's output for string arguments), `value` is the object when written as one.
 */
export function argumentsJson(call: ToolCall, mode: ArgumentsMode): ArgumentsJson {
  const asObject = call.argumentsWasObject === true || mode === 'object';
  const hit = memo.get(call);
  if (hit && hit.source === call.arguments && hit.asObject === asObject) return hit.result;
  const result = compute(call.arguments, asObject);
  memo.set(call, { source: call.arguments, asObject, result });
  return result;
}

function compute(text: string, asObject: boolean): ArgumentsJson {
  if (asObject) {
    const value = objectOf(text);
    if (value !== undefined) return { text: toJson(value), quoted: false, value };
  }
  return { text: JSON.stringify(text), quoted: true };
}
