/** Readers for tool calls (in blocks and legacy `tool_calls`) and tool outputs. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Place } from '../../model/path.ts';
import type { ToolCall, ToolOutput } from '../../model/types.ts';
import { extraOf, isObject, withKey, textOf, type JsonObject } from './fields.ts';
import { check } from './issues.ts';
import { pythonJsonText } from './json-text.ts';
import { checkBlockCall, checkToolOutput } from './node-checks.ts';
import { legacyCallSchema } from './schema.ts';

// The known keys of each node, made once (a list literal is a new array at every node).
const BLOCK_CALL_KEYS = ['name', 'arguments', 'id', 'type'];
const TOOL_OUTPUT_KEYS = ['output', 'tool_call_id', 'name', 'is_error'];
const LEGACY_CALL_KEYS = ['type', 'id', 'function'];
const FUNCTION_KEYS = ['name', 'arguments'];

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

/** A call of a `tool_calls` block: `{"name", "arguments"}`, optionally `id` and `type`. */
export function decodeBlockCall(source: JsonObject, place: Place, out: Diagnostic[]): ToolCall {
  checkBlockCall(source, place, out);
  const call: ToolCall = { id: newId('c'), name: textOf(source.name), arguments: '' };
  readArguments(call, source.arguments);
  let extra = extraOf(source, BLOCK_CALL_KEYS);
  // Optional fields: kept in the model when of the model's type, else raw in `extra` (the
  // schema reported them). Each key is tested here by name, not in a helper shared by every
  // node and key: a lookup by a constant name at its own site is several times faster.
  if ('id' in source) {
    if (typeof source.id === 'string') call.callId = source.id;
    else extra = withKey(extra, 'id', source.id);
  }
  if ('type' in source) {
    if (typeof source.type === 'string') call.type = source.type;
    else extra = withKey(extra, 'type', source.type);
  }
  if (extra) call.extra = extra;
  return call;
}

/** An output of a `tool_outputs` block: `{"output"}`, optionally `tool_call_id`, `name`, `is_error`. */
export function decodeToolOutput(source: JsonObject, place: Place, out: Diagnostic[]): ToolOutput {
  checkToolOutput(source, place, out);
  const output: ToolOutput = { id: newId('o'), output: textOf(source.output) };
  let extra = extraOf(source, TOOL_OUTPUT_KEYS);
  // Optional fields, by name at their own site (see decodeBlockCall).
  if ('tool_call_id' in source) {
    if (typeof source.tool_call_id === 'string') output.callId = source.tool_call_id;
    else extra = withKey(extra, 'tool_call_id', source.tool_call_id);
  }
  if ('name' in source) {
    if (typeof source.name === 'string') output.name = source.name;
    else extra = withKey(extra, 'name', source.name);
  }
  if ('is_error' in source) {
    if (typeof source.is_error === 'boolean') output.isError = source.is_error;
    else extra = withKey(extra, 'is_error', source.is_error);
  }
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
  let extra = extraOf(source, LEGACY_CALL_KEYS);
  // Optional fields, by name at their own site (see decodeBlockCall).
  if ('type' in source) {
    if (typeof source.type === 'string') call.type = source.type;
    else extra = withKey(extra, 'type', source.type);
  }
  if ('id' in source) {
    if (typeof source.id === 'string') call.callId = source.id;
    else extra = withKey(extra, 'id', source.id);
  }
  // The template raises on a missing type (the format reports it); export writes none back.
  if (!('type' in source)) call.typeMissing = true;
  const fnExtra = extraOf(fn, FUNCTION_KEYS);
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  if (extra) call.extra = extra;
  return call;
}

