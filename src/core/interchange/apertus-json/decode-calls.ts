/** Readers for tool calls (in blocks and legacy `tool_calls`) and tool outputs. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Place } from '../../model/path.ts';
import type { ToolCall, ToolOutput } from '../../model/types.ts';
import { extraOf, isObject, withKey, textOf, type JsonObject } from './fields.ts';
import { check } from './issues.ts';
import { pythonJsonText } from './json-text.ts';
import { blockCallSchema, legacyCallSchema, toolOutputSchema } from './schema.ts';

/** `arguments`: a string as written; an object becomes JSON text and remembers it was one. */
function readArguments(call: ToolCall, value: unknown): void {
  if (typeof value === 'string') {
    call.arguments = value;
  } else if (isObject(value)) {
    call.arguments = pythonJsonText(value);
    call.argumentsWasObject = true;
  } else {
    call.arguments = textOf(value);
  }
}

/** Optional string fields: kept in the model when strings, else raw in `extra` (the schema reported them). */
function optionalString(source: JsonObject, key: string, set: (value: string) => void, extra: JsonObject | undefined): JsonObject | undefined {
  if (!(key in source)) return extra;
  const value = source[key];
  if (typeof value === 'string') {
    set(value);
    return extra;
  }
  return withKey(extra, key, value);
}

function optionalBoolean(source: JsonObject, key: string, set: (value: boolean) => void, extra: JsonObject | undefined): JsonObject | undefined {
  if (!(key in source)) return extra;
  const value = source[key];
  if (typeof value === 'boolean') {
    set(value);
    return extra;
  }
  return withKey(extra, key, value);
}

/** A call of a `tool_calls` block: `{"name", "arguments"}`, optionally `id` and `type`. */
export function decodeBlockCall(source: JsonObject, place: Place, out: Diagnostic[]): ToolCall {
  check(blockCallSchema, source, place, out);
  const call: ToolCall = { id: newId('c'), name: textOf(source.name), arguments: '' };
  readArguments(call, source.arguments);
  let extra = extraOf(source, ['name', 'arguments', 'id', 'type']);
  extra = optionalString(source, 'id', (v) => (call.callId = v), extra);
  extra = optionalString(source, 'type', (v) => (call.type = v), extra);
  if (extra) call.extra = extra;
  return call;
}

/** An output of a `tool_outputs` block: `{"output"}`, optionally `tool_call_id`, `name`, `is_error`. */
export function decodeToolOutput(source: JsonObject, place: Place, out: Diagnostic[]): ToolOutput {
  check(toolOutputSchema, source, place, out);
  const output: ToolOutput = { id: newId('o'), output: textOf(source.output) };
  let extra = extraOf(source, ['output', 'tool_call_id', 'name', 'is_error']);
  extra = optionalString(source, 'tool_call_id', (v) => (output.callId = v), extra);
  extra = optionalString(source, 'name', (v) => (output.name = v), extra);
  extra = optionalBoolean(source, 'is_error', (v) => (output.isError = v), extra);
  if (extra) output.extra = extra;
  return output;
}

/**
 * A legacy OpenAI-style call `{type, id?, function: {name, arguments}}`. Unknown keys of the
 * item go to `extra`; unknown keys of `function` to `extra.function` (the item's own
 * `function` key is known, so the two never collide).
 * A missing `type` is remembered (`typeMissing`), not repaired.
 * Returns undefined when the item is not an object with a `function` object.
 */
export function decodeLegacyCall(source: unknown, place: Place, out: Diagnostic[]): ToolCall | undefined {
  check(legacyCallSchema, source, place, out);
  if (!isObject(source) || !isObject(source.function)) return undefined;
  const fn = source.function;
  const call: ToolCall = { id: newId('c'), name: textOf(fn.name), arguments: '' };
  readArguments(call, fn.arguments);
  let extra = extraOf(source, ['type', 'id', 'function']);
  extra = optionalString(source, 'type', (v) => (call.type = v), extra);
  extra = optionalString(source, 'id', (v) => (call.callId = v), extra);
  // The template raises on a missing type (the format reports it); export writes none back.
  if (!('type' in source)) call.typeMissing = true;
  const fnExtra = extraOf(fn, ['name', 'arguments']);
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  if (extra) call.extra = extra;
  return call;
}

export { optionalBoolean, optionalString };
