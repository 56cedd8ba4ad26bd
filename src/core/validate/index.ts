/**
 * Diagnostics that do not depend on a token format (see docs/formats.md, 'Format decisions'): tool
 * definitions, tool call arguments (JSON syntax, object, schema) and call ids. The app shows
 * them next to the format's own diagnostics, inline at each field and in the diagnostics panel.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { Place } from '../model/path.ts';
import type { Message, ParleyRecord, ToolDefinition } from '../model/types.ts';
import { checkCallIds } from './call-ids.ts';
import { checkToolCall } from './tool-arguments.ts';
import { checkToolDefinitions } from './tool-definitions.ts';

export { parseJson, findJsonSyntaxError, describeJsonSyntaxError, lineColumnAt, type JsonParseResult, type JsonSyntaxError } from './json-syntax.ts';
export { checkAgainstSchema, type SchemaProblem } from './schema-check.ts';
export { checkToolCall, checkArgumentsText, parseArgumentsText, TOOL_CALL_CODES } from './tool-arguments.ts';
export { withoutValidated } from './merge.ts';
export { checkToolDefinitions, parametersProblem, TOOL_DEFINITION_CODES } from './tool-definitions.ts';
export { checkCallIds, callsOf, turnMessages, CALL_ID_CODES } from './call-ids.ts';
export { findJsonTooDeep, describeJsonTooDeep, MAX_JSON_DEPTH, type JsonTooDeep } from './json-depth.ts';

const MESSAGES = new Place().at('messages');

/**
 * Per-message memo: the app validates on every keystroke and immer keeps unchanged messages
 * identical, so only the message being edited is checked again.
 */
const messageMemo = new WeakMap<Message, { index: number; tools: readonly ToolDefinition[]; diagnostics: Diagnostic[] }>();

function checkMessageCalls(message: Message, index: number, tools: readonly ToolDefinition[], memo: boolean): Diagnostic[] {
  const hit = memo ? messageMemo.get(message) : undefined;
  if (hit && hit.index === index && hit.tools === tools) return hit.diagnostics;
  const diagnostics: Diagnostic[] = [];
  // Places, not paths: a path is made only for a problem (most calls have none).
  const place = MESSAGES.at(index);
  message.toolCalls?.forEach((call, c) => diagnostics.push(...checkToolCall(call, tools, place.at('toolCalls').at(c))));
  if (message.content?.type === 'blocks') {
    message.content.blocks.forEach((block, b) => {
      if (block.type !== 'tool_calls') return;
      block.calls.forEach((call, c) => diagnostics.push(...checkToolCall(call, tools, place.at('content').at('blocks').at(b).at('calls').at(c))));
    });
  }
  if (memo) messageMemo.set(message, { index, tools, diagnostics });
  return diagnostics;
}

/** How to validate. */
export interface ValidateHow {
  /**
   * `true`: each record is checked once and then dropped (the command line, a pipeline), so
   * the per-message memo could never hit; it is skipped, since an entry per message of a whole
   * data set was a large share of `parley validate`'s time and of its garbage collection.
   * Default `false` (the app checks the same messages again on every edit).
   */
  once?: boolean;
}

/** Every format-independent diagnostic of a record, with paths. */
export function validateRecord(record: ParleyRecord, how?: ValidateHow): Diagnostic[] {
  if (record.kind !== 'chat') return [];
  const { tools } = record;
  const memo = how?.once !== true;
  const diagnostics: Diagnostic[] = checkToolDefinitions(tools);
  record.messages.forEach((message, m) => {
    const found = checkMessageCalls(message, m, tools, memo);
    for (const diagnostic of found) diagnostics.push(diagnostic);
  });
  diagnostics.push(...checkCallIds(record.messages));
  return diagnostics;
}
