/**
 * Content blocks of Anthropic Messages: text, image, tool_use, tool_result. Calls and results
 * without ids get the ids of shared/call-id-plan.ts (Anthropic requires `tool_use.id` and
 * `tool_use_id`). Value parts become text (reported); parts and blocks kept whole from another
 * dialect, which Anthropic has no block for, are left out and reported.
 */
import { info, warning } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Message, Part, ToolCall, ToolOutput } from '../../model/types.ts';
import type { Losses } from '../conversion.ts';
import type { CallIdPlan } from '../shared/call-id-plan.ts';
import type { IdFit } from '../shared/call-id-fit.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { parseDataUrl } from '../shared/data-url.ts';
import { pathLabel } from '../shared/issues.ts';
import { emptyTextPart } from './empty-text.ts';
import { merge, nested, tryParseJson, without, type JsonObject } from '../../shared/json.ts';
import { fallbackPart, type TextFallback } from '../shared/part-fallback.ts';

export const ENCODE_CODES = {
  missingId: 'anthropic/missing-id',
  inputNotObject: 'anthropic/input-not-object',
  idMapped: 'anthropic/id-mapped',
  emptyArguments: 'anthropic/empty-arguments',
  separatedResult: 'anthropic/result-separated-from-call',
} as const;

/** The form Anthropic's API requires of `tool_use.id` and `tool_use_id`. */
export const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

const TEXT_FALLBACK: TextFallback = { dialect: 'Anthropic', unit: 'blocks', textType: 'text' };

export interface AnthropicContext {
  losses: Losses;
  ids: CallIdPlan;
  /** Maps an id that does not match `TOOL_USE_ID` (shared/call-id-fit.ts). */
  fitId: IdFit;
}

export function present<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The blocks of parts (those Anthropic cannot take left out); `calls`: tool_use blocks the same message holds after them. */
export function partBlocks(parts: readonly Part[], path: FieldPath, losses: Losses, calls = 0): JsonObject[] {
  return parts
    .map((part, j) => {
      if (part.type === 'text' && part.text === '') losses.out.push(emptyTextPart(parts, j, path, calls));
      return partBlock(part, [...path, 'parts', j], losses);
    })
    .filter(present);
}

export function partBlock(part: Part, path: FieldPath, losses: Losses): JsonObject | undefined {
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', text: part.text }, losses.extraOf(part, 'text', path), losses.clash(path));
    case 'image': {
      const extra = losses.extraOf(part, 'image', path);
      const data = parseDataUrl(part.url);
      const source: JsonObject = data ? { type: 'base64', media_type: data.mediaType, data: data.data } : { type: 'url', url: part.url };
      return merge({ type: 'image', source: merge(source, nested(extra, 'source'), losses.clash([...path, 'source'])) }, without(extra, 'source'), losses.clash(path));
    }
    case 'value':
    case 'fim':
      return fallbackPart(part, path, losses, TEXT_FALLBACK);
  }
}

function resultId(json: JsonObject, result: Message | ToolOutput, path: FieldPath, context: AnthropicContext): void {
  const id = context.ids.requiredResultId(result, path);
  if (id !== undefined) json.tool_use_id = context.fitId(id, [...path, 'role' in result ? 'toolCallId' : 'callId']);
}

/** A tool (or legacy function) message → a `tool_result` block. */
export function toolResultBlock(message: Message, path: FieldPath, context: AnthropicContext): JsonObject {
  const { losses } = context;
  const json: JsonObject = { type: 'tool_result' };
  resultId(json, message, path, context);
  const content = message.content;
  if (content?.type === 'text') json.content = content.text;
  else if (content?.type === 'parts') json.content = partBlocks(content.parts, [...path, 'content'], losses);
  else if (content?.type === 'blocks') json.content = content.blocks.flatMap((block) => (block.type === 'response' ? [{ type: 'text', text: block.text }] : []));
  if (message.isError !== undefined) json.is_error = message.isError;
  if (message.name !== undefined) losses.add(`the tool name ${JSON.stringify(message.name)}`, [...path, 'name'], 'an Anthropic tool_result has no name');
  return merge(json, losses.extraOf(message, 'message', path), losses.clash(path));
}

/** A tool output of a structured message → a `tool_result` block. */
export function outputBlock(output: ToolOutput, path: FieldPath, context: AnthropicContext): JsonObject {
  const { losses } = context;
  const json: JsonObject = { type: 'tool_result' };
  resultId(json, output, path, context);
  json.content = output.output;
  if (output.isError !== undefined) json.is_error = output.isError;
  if (output.name !== undefined) losses.add(`the tool name ${JSON.stringify(output.name)}`, [...path, 'name'], 'an Anthropic tool_result has no name');
  return merge(json, losses.extraOf(output, 'message', path), losses.clash(path));
}

export function toolUseBlock(call: ToolCall, path: FieldPath, context: AnthropicContext): JsonObject {
  const { losses } = context;
  const json: JsonObject = { type: 'tool_use' };
  const id = context.ids.callId(call);
  if (id !== undefined) json.id = context.fitId(id, [...path, 'callId']);
  json.name = call.name;
  const input = argumentsObject(call.arguments);
  if (input) json.input = input;
  else if (call.arguments.trim() === '') {
    // No arguments at all: the call takes none, which Anthropic writes as the empty object.
    json.input = {};
    losses.out.push(info(ENCODE_CODES.emptyArguments, `${pathLabel([...path, 'arguments'])}: the arguments are empty; written as input {} (Anthropic requires an object).`, [...path, 'arguments'], undefined, 'harmless'));
  } else {
    const parsed = tryParseJson(call.arguments);
    json.input = parsed ? parsed.value : call.arguments;
    losses.out.push(warning(ENCODE_CODES.inputNotObject, `${pathLabel([...path, 'arguments'])}: Anthropic tool_use input must be a JSON object; the arguments are written as they are.`, [...path, 'arguments']));
  }
  if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, [...path, 'type']);
  return merge(json, losses.extraOf(call, 'call', path), losses.clash(path));
}
