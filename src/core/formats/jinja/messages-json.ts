/**
 * The message list the builder made (formats/shared/template-messages.ts) as the plain values a
 * template reads, the way transformers passes them: OpenAI-style keys (`role`, `content`,
 * `name`, `tool_calls`, `tool_call_id`), content as given (a string, null, absent, or its
 * parts), call ids as given and never made up, arguments as objects or as given (the
 * `arguments` option), the thoughts under the reasoning key they were read from
 * (`reasoning_content` by default, the key Qwen3's and DeepSeek's templates read), and the
 * unknown keys of each message, call and part. What no template can receive (a tool result's
 * error flag, a value part's type) is reported lost.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { valuePartWhat } from '../../model/part-words.ts';
import type { Extra, ToolCall } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { merge, nested, without, type JsonObject } from '../../shared/json.ts';
import { templateArguments, type ArgumentsMode } from '../shared/arguments-mode.ts';
import { sourceNote } from '../shared/source-notes.ts';
import { passedExtra, type PartRef, type TemplateMessage, type TextPiece } from '../shared/template-messages.ts';

const LABEL = 'the Jinja template';
/** The key transformers' reasoning templates read (Qwen3, DeepSeek-R1, SmolLM3). */
const DEFAULT_REASONING_KEY = 'reasoning_content';

/** The key a message's thoughts are passed under: the one its source read them from, else `reasoning_content`. */
export function reasoningKey(message: TemplateMessage): string {
  return sourceNote(message.source)?.reasoningKey ?? DEFAULT_REASONING_KEY;
}

function partJson({ part, path }: PartRef, out: Diagnostic[]): JsonObject {
  switch (part.type) {
    case 'text':
      return merge({ type: 'text', text: part.text }, part.extra);
    case 'image': {
      const note = sourceNote(part);
      if (note?.hfImage) return merge({ type: 'image', [note.hfImage]: part.url }, part.extra);
      if (note?.urlString) return merge({ type: 'image_url', image_url: part.url }, part.extra);
      return merge({ type: 'image_url', image_url: merge({ url: part.url }, nested(part.extra, 'image_url')) }, without(part.extra, 'image_url'));
    }
    case 'value': {
      // A part kept whole from its source (`{"type": "image"}` with no URL, a `tool_reference`) is passed as it was.
      const value = part.value;
      if ((part as { sourcePart?: unknown }).sourcePart === true && typeof value === 'object' && value !== null) return value as JsonObject;
      out.push(lostInConversion(valuePartWhat(part), `${LABEL} receives OpenAI-style parts; passed as a text part of its JSON text`, path));
      return { type: 'text', text: JSON.stringify(value) ?? 'null' };
    }
    case 'fim':
      out.push(lostInConversion('a fill-in-the-middle segment', `${LABEL} receives OpenAI-style parts; passed as a text part of prefix, middle and suffix in a row`, path));
      return { type: 'text', text: part.prefix + part.middle + part.suffix };
  }
}

function callJson(call: ToolCall, mode: ArgumentsMode): JsonObject {
  const json: JsonObject = {};
  if (call.callId !== undefined) json.id = call.callId;
  if (call.type !== undefined || !(call.typeMissing || sourceNote(call)?.noType)) json.type = call.type ?? 'function';
  json.function = merge({ name: call.name, arguments: templateArguments(call, mode) }, nested(call.extra, 'function'));
  return merge(json, without(call.extra, 'function'));
}

/** The content of a turn made from a structured message: its responses as a string, or as text parts when there are several (or the source had parts). */
function turnContent(message: TemplateMessage, json: JsonObject): void {
  const pieces = message.content ?? [];
  const note = message.continued ? undefined : sourceNote(message.source);
  if (pieces.length === 0) {
    if (note?.contentForm === 'absent') return;
    json.content = note?.contentForm === 'null' || message.calls.length > 0 ? null : '';
  } else if (pieces.length === 1 && note?.contentForm !== 'parts') json.content = (pieces[0] as TextPiece).text;
  else json.content = pieces.map((piece) => ({ type: 'text', text: piece.text }));
}

function messageJson(message: TemplateMessage, mode: ArgumentsMode, out: Diagnostic[]): JsonObject {
  const { source } = message;
  const json: JsonObject = { role: message.role };
  if (message.parts) json.content = message.parts.map((ref) => partJson(ref, out));
  else if (source.content?.type === 'blocks' && !message.fromBlock) turnContent(message, json);
  else if (message.content !== undefined) json.content = message.content === null ? null : joinText(message.content);
  const first = !message.continued;
  if (first && source.name !== undefined) json.name = source.name;
  if (message.calls.length > 0 || (first && (source.content?.type === 'blocks' ? sourceNote(source)?.emptyToolCalls : source.toolCalls !== undefined))) {
    json.tool_calls = message.calls.map((ref) => callJson(ref.call, mode));
  }
  if (first && source.toolCallId !== undefined) json.tool_call_id = source.toolCallId;
  if (message.thoughts) json[reasoningKey(message)] = message.thoughts.map((piece) => piece.text).join('\n\n');
  if (first && source.isError !== undefined) out.push(lostInConversion(`the error flag (${String(source.isError)})`, `${LABEL} receives no status of a tool result`, [...message.path, 'isError']));
  return merge(json, passedExtra(message) as Extra | undefined);
}

function joinText(pieces: readonly TextPiece[]): string {
  let text = '';
  for (const piece of pieces) text += piece.text;
  return text;
}

export function messagesJson(messages: readonly TemplateMessage[], mode: ArgumentsMode, out: Diagnostic[]): JsonObject[] {
  return messages.map((message) => messageJson(message, mode, out));
}
