/**
 * Model messages → OpenAI Chat Completions messages. A structured (blocks) message is split
 * into the messages OpenAI has: text and calls → an assistant message (`content` +
 * `tool_calls`), each tool output → a `tool` message; reasoning is written under the key it was
 * read from (`reasoning_content`, `reasoning`, `thinking`: reasoning.ts), else it has no field
 * and is reported lost, like error flags. In legacy mode (options.ts) a message holds one `function_call`: the
 * calls after the first go to assistant messages of their own, and results are `function`
 * messages named after the function they answer.
 */
import { warning, info } from '../../model/diagnostic.ts';
import { pathAt, whereAt, type Where } from '../../model/path.ts';
import type { Message, ToolCall, ToolOutput } from '../../model/types.ts';
import type { Losses } from '../conversion.ts';
import type { CallIdPlan, Result } from '../shared/call-id-plan.ts';
import { argumentsObject } from '../shared/arguments.ts';
import { pathLabel } from '../shared/issues.ts';
import { nested, without, type JsonObject } from '../../shared/json.ts';
import { segmentsOf, turnsOf, type Segment } from '../shared/segments.ts';
import { shapeOf } from '../shared/shape.ts';
import { encodeContent, turnContent } from './encode-parts.ts';
import { SHAPE, type CallShape, type MessageShape, type ReasoningKey } from './shape.ts';

export const ENCODE_CODES = {
  missingCallId: 'openai-chat/missing-call-id',
  legacySplit: 'openai-chat/legacy-split',
  legacyNoName: 'openai-chat/legacy-no-name',
  separatedResult: 'openai-chat/result-separated-from-call',
} as const;

export interface ChatContext {
  losses: Losses;
  ids: CallIdPlan;
  /** Write the legacy function_call (the `legacyFunctionCall` option). */
  legacy: boolean;
}

interface PathedCall {
  call: ToolCall;
  path: Where;
}

/** `path`: the message's (a `Place` from encode.ts, so that paths are made only for diagnostics). */
export function encodeMessage(message: Message, path: Where, context: ChatContext): JsonObject[] {
  const { losses } = context;
  if (message.isError !== undefined) losses.add(`the error flag (${String(message.isError)})`, whereAt(path, 'isError'));
  const extra = losses.extraOf(message, 'message', path);
  if (message.content?.type !== 'blocks') {
    const result = message.role === 'tool' || message.role === 'function';
    const json: JsonObject = { role: result && context.legacy ? 'function' : message.role };
    if (message.content !== undefined) json.content = encodeContent(message.content, path, result, losses);
    if (message.name !== undefined) json.name = message.name;
    else if (json.role === 'function' && message.role === 'tool') legacyName(json, message, path, context);
    const more = message.toolCalls === undefined ? [] : writeCalls(json, message.role, pathedCalls(message.toolCalls, whereAt(path, 'toolCalls')), shapeOf<MessageShape>(message, SHAPE)?.emptyToolCalls === true, context);
    if (message.role === 'tool') writeResultId(json, message, path, 'toolCallId', context);
    else if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
    const written = losses.merge(json, extra, path);
    return more.length === 0 ? [written] : [written, ...more];
  }
  const result: JsonObject[] = [];
  const shape = shapeOf<MessageShape>(message, SHAPE) ?? {};
  for (const turn of turnsOf(segmentsOf(message, path))) {
    let json: JsonObject;
    let more: JsonObject[] = [];
    if (turn.kind === 'output') json = outputMessage(turn.segment.output, turn.segment.path, context);
    else {
      for (const s of turn.unknown) losses.add(`a block of type ${JSON.stringify(s.kind === 'unknown' ? s.block.sourceType : s.kind)}`, s.path);
      json = { role: message.role };
      writeContent(json, turn.content, turn.calls.length > 0, result.length === 0 ? shape : {}, losses);
      writeReasoning(json, turn.thoughts, shape.reasoningKey, losses);
      const emptyKey = result.length === 0 && shape.emptyToolCalls === true;
      if (turn.calls.length > 0 || emptyKey) more = writeCalls(json, message.role, turn.calls, emptyKey, context);
    }
    if (result.length === 0) {
      if (message.name !== undefined) json.name = message.name;
      if (message.toolCallId !== undefined) json.tool_call_id = message.toolCallId;
      losses.merge(json, extra, path);
    }
    result.push(json);
    for (const m of more) result.push(m);
  }
  if (result.length === 0) result.push(losses.merge({ role: message.role, content: '' }, extra, path));
  return result;
}

/**
 * A turn's `content`. The first turn of a message read with reasoning (reasoning.ts) gives back
 * the form its content had where the blocks cannot say: `null` or no key when it has no text,
 * an array when the text came as parts.
 */
function writeContent(json: JsonObject, content: readonly Segment<Where>[], hasCalls: boolean, shape: MessageShape, losses: Losses): void {
  if (content.length === 0 && shape.contentForm === 'absent') return;
  if (content.length === 0 && shape.contentForm === 'null') json.content = null;
  else if (shape.contentForm === 'parts' && content.every((s) => s.kind === 'text')) json.content = content.map((s) => (s.kind === 'text' ? losses.merge({ type: 'text', text: s.text }, losses.extraOf(s, 'text', s.path), s.path) : {}));
  else json.content = turnContent(content, hasCalls, losses);
}

/**
 * A turn's thoughts: under the reasoning key the message was read from (reasoning.ts), joined
 * by a blank line when there are several; else lost (Chat Completions itself has no reasoning
 * field, and which key a server takes is not known).
 */
function writeReasoning(json: JsonObject, thoughts: readonly Segment<Where>[], key: ReasoningKey | undefined, losses: Losses): void {
  if (thoughts.length === 0) return;
  if (key === undefined) {
    for (const s of thoughts) losses.add('the reasoning (thoughts)', s.path, 'OpenAI Chat Completions has no reasoning field');
    return;
  }
  const texts: string[] = [];
  for (const s of thoughts) {
    if (s.kind !== 'thoughts') continue;
    texts.push(s.block.text);
    if (s.block.kind !== undefined) losses.add(`the thought kind ${JSON.stringify(s.block.kind)}`, whereAt(s.path, 'kind'));
    losses.extra(s.block.extra, s.path, `"${key}" is a string`);
  }
  const second = thoughts[1];
  if (second) losses.add(`the boundaries between ${thoughts.length} thought blocks`, second.path, `"${key}" is one string; joined by a blank line`);
  json[key] = texts.join('\n\n');
}

function pathedCalls(calls: readonly ToolCall[], path: Where): PathedCall[] {
  const pathed: PathedCall[] = [];
  for (let c = 0; c < calls.length; c++) pathed.push({ call: calls[c] as ToolCall, path: whereAt(path, c) });
  return pathed;
}

/** A tool output of a structured message → a `tool` (legacy: `function`) message. */
function outputMessage(output: ToolOutput, path: Where, context: ChatContext): JsonObject {
  const { losses } = context;
  const json: JsonObject = { role: context.legacy ? 'function' : 'tool' };
  writeResultId(json, output, path, 'callId', context);
  json.content = output.output;
  if (output.name !== undefined) json.name = output.name;
  else if (context.legacy) legacyName(json, output, path, context);
  if (output.isError !== undefined) losses.add(`the error flag (${String(output.isError)})`, whereAt(path, 'isError'));
  return losses.merge(json, losses.extraOf(output, 'message', path), path);
}

/** `tool_call_id`: the result's own, or that of the call it answers (made up when that had none). `idKey`: the result's id field. */
function writeResultId(json: JsonObject, result: Result, path: Where, idKey: string, context: ChatContext): void {
  const own = 'role' in result ? result.toolCallId : result.callId;
  if (context.legacy) {
    if (own !== undefined) context.losses.id('the tool call id', whereAt(path, idKey), 'a legacy function message has no id; it answers by name');
    return;
  }
  // A tool message that had no tool_call_id in the source is not warned about (encode.ts `keepsMissing`).
  const id = context.ids.requiredResultId(result, path);
  if (id !== undefined) json.tool_call_id = id;
}

/** A legacy `function` message is named after the function it answers. */
function legacyName(json: JsonObject, result: Result, path: Where, context: ChatContext): void {
  const name = context.ids.callOf(result)?.name;
  if (name !== undefined) json.name = name;
  else context.losses.out.push(warning(ENCODE_CODES.legacyNoName, `${pathLabel(pathAt(path))}: a legacy function message needs the name of its function, and no call of its turn answers to it.`, [...pathAt(path), 'name']));
}

/**
 * Writes the calls on `json`; returns the messages that follow it (legacy mode: one assistant
 * message per further call, as a message holds one `function_call`).
 */
function writeCalls(json: JsonObject, role: string, calls: readonly PathedCall[], emptyKey: boolean, context: ChatContext): JsonObject[] {
  if (context.legacy) {
    const [first, ...rest] = calls;
    if (first) json.function_call = legacyCall(first, context);
    return rest.map((c) => {
      const path = pathAt(c.path);
      context.losses.out.push(info(ENCODE_CODES.legacySplit, `${pathLabel(path)}: a legacy assistant message holds one function_call; this call is written in an assistant message of its own.`, path));
      return { role, content: null, function_call: legacyCall(c, context) };
    });
  }
  let legacy: PathedCall | undefined;
  for (const c of calls) {
    if (shapeOf<CallShape>(c.call, SHAPE)?.legacy) {
      legacy = c;
      break;
    }
  }
  const modern = legacy ? calls.filter((c) => c !== legacy) : calls;
  if (modern.length > 0 || !legacy || emptyKey) {
    const encoded: JsonObject[] = [];
    for (const { call, path } of modern) encoded.push(encodeCall(call, path, context));
    json.tool_calls = encoded;
  }
  if (legacy) json.function_call = legacyCall(legacy, context);
  return [];
}

/** The API's string, or the object the source had (only when it was written so in this dialect). */
function argumentsValue(call: ToolCall): unknown {
  if (!shapeOf<CallShape>(call, SHAPE)?.argsObject) return call.arguments;
  return argumentsObject(call.arguments) ?? call.arguments;
}

function legacyCall({ call, path }: PathedCall, context: ChatContext): JsonObject {
  const { losses } = context;
  if (call.callId !== undefined) losses.id('the call id', whereAt(path, 'callId'), 'a legacy function_call has no id');
  if (call.type !== undefined && call.type !== 'function') losses.add(`the call type ${JSON.stringify(call.type)}`, whereAt(path, 'type'));
  const extra = losses.extraOf(call, 'call', path);
  losses.extra(without(extra, 'function'), path, 'a legacy function_call has only a name and arguments');
  return losses.merge({ name: call.name, arguments: argumentsValue(call) }, nested(extra, 'function'), path);
}

function encodeCall(call: ToolCall, path: Where, context: ChatContext): JsonObject {
  const { losses } = context;
  const json: JsonObject = {};
  const id = context.ids.callId(call);
  if (id !== undefined) json.id = id;
  // The API requires `type`, but a source that left it out gets it left out again (the same document back).
  if (call.type !== undefined || !shapeOf<CallShape>(call, SHAPE)?.noType) json.type = call.type ?? 'function';
  const extra = losses.extraOf(call, 'call', path);
  if (!extra) {
    json.function = { name: call.name, arguments: argumentsValue(call) };
    return json;
  }
  json.function = losses.merge({ name: call.name, arguments: argumentsValue(call) }, nested(extra, 'function'), whereAt(path, 'function'));
  return losses.merge(json, without(extra, 'function'), path);
}
