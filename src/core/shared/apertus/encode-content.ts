/**
 * A message's content as Apertus JSON. Written by the Apertus JSON codec, and by the Apertus
 * format for a tool message whose content is a mapping (the template writes
 * `{{ message.content }}` as the JSON of that mapping). It lives here, outside both folders, so
 * that the format and the codec share it without importing each other.
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import { pathLabel, type FieldPath } from '../../model/path.ts';
import type { Block, Content, Part, ToolCall, ToolOutput } from '../../model/types.ts';
import { isObject, merge, type JsonObject } from '../json.ts';
import { lostInConversion } from '../lost-in-conversion.ts';

export const ENCODE_CODE = 'apertus-json/not-apertus';

/**
 * `merge(json, extra)` that reports each unknown field whose name Apertus JSON uses for one of
 * its own fields, with another value (an OpenAI Responses call's item `id` beside the call id
 * written as `id`): the known field wins, so the unknown one would otherwise go in silence.
 */
export function mergeExtra(json: JsonObject, extra: JsonObject | undefined, path: FieldPath, out: Diagnostic[]): JsonObject {
  return merge(json, extra, (key) => out.push(lostInConversion(`the field ${JSON.stringify(key)}`, 'Apertus JSON uses that name for one of its own fields', [...path, 'extra', key])));
}

/**
 * A message's content as Apertus JSON; the other keys of a source mapping (`content.extra`)
 * follow the form's key. Also what the Apertus template sees of a tool message's content.
 */
export function encodeContent(content: Content | null, path: FieldPath, out: Diagnostic[]): unknown {
  if (content === null) return null;
  switch (content.type) {
    case 'text':
      // Extra keys exist only on a mapping: keep the mapping rather than drop them.
      return content.mapping || content.extra ? merge({ text: content.text }, content.extra) : content.text;
    case 'parts':
      return merge({ parts: content.parts.map((part, index) => encodePart(part, [...path, 'parts', index], out)) }, content.extra);
    case 'blocks':
      return merge({ blocks: content.blocks.map((block, index) => encodeBlock(block, [...path, 'blocks', index], out)) }, content.extra);
  }
}

function encodePart(part: Part, path: FieldPath, out: Diagnostic[]): JsonObject {
  if (part.type === 'text') return mergeExtra({ type: 'text', text: part.text }, part.extra, path, out);
  out.push(warning(ENCODE_CODE, `${pathLabel(path)}: Apertus user parts are text only; the ${part.type} part is written as {"type": "${part.type}", …}, which the Apertus template rejects.`, path));
  switch (part.type) {
    case 'image':
      return merge(part.mediaType === undefined ? { type: 'image', url: part.url } : { type: 'image', url: part.url, media_type: part.mediaType }, part.extra);
    case 'value':
      return merge({ type: 'value', value: part.value }, part.extra);
    case 'fim':
      return merge({ type: 'fim', prefix: part.prefix, middle: part.middle, suffix: part.suffix }, part.extra);
  }
}

function encodeBlock(block: Block, path: FieldPath, out: Diagnostic[]): JsonObject {
  switch (block.type) {
    case 'thoughts':
      return mergeExtra(block.kind === undefined ? { type: 'thoughts', text: block.text } : { type: 'thoughts', text: block.text, kind: block.kind }, block.extra, path, out);
    case 'response':
      return mergeExtra({ type: 'response', text: block.text }, block.extra, path, out);
    case 'tool_calls':
      return merge({ type: 'tool_calls', calls: block.calls.map((call, index) => encodeBlockCall(call, [...path, 'calls', index], out)) }, block.extra);
    case 'tool_outputs':
      return merge({ type: 'tool_outputs', outputs: block.outputs.map(encodeOutput) }, block.extra);
    case 'unknown':
      return block.raw;
  }
}

/** Arguments as written; an object again when the source had one and the text still parses to one. */
export function encodeArguments(call: ToolCall, path: FieldPath, out: Diagnostic[]): unknown {
  if (!call.argumentsWasObject) return call.arguments;
  try {
    const value: unknown = JSON.parse(call.arguments);
    if (isObject(value)) return value;
  } catch {
    // not JSON any more: fall through and keep the text
  }
  const argsPath = [...path, 'arguments'];
  out.push(warning(ENCODE_CODE, `${pathLabel(argsPath)}: the source gave an object, but the text is no longer a JSON object; written as a string.`, argsPath));
  return call.arguments;
}

function encodeBlockCall(call: ToolCall, path: FieldPath, out: Diagnostic[]): JsonObject {
  const json: JsonObject = { name: call.name, arguments: encodeArguments(call, path, out) };
  if (call.callId !== undefined) json.id = call.callId;
  if (call.type !== undefined) json.type = call.type;
  return mergeExtra(json, call.extra, path, out);
}

function encodeOutput(output: ToolOutput): JsonObject {
  const json: JsonObject = { output: output.output };
  if (output.callId !== undefined) json.tool_call_id = output.callId;
  if (output.name !== undefined) json.name = output.name;
  if (output.isError !== undefined) json.is_error = output.isError;
  return merge(json, output.extra);
}

