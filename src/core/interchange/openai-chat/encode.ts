/**
 * Conversation → OpenAI Chat Completions JSON: the document and its tools (messages in
 * encode-messages.ts, content parts in encode-parts.ts). Calls without ids get made-up ones
 * (shared/call-id-plan.ts), because the API requires `tool_calls[].id` and `tool_call_id`;
 * with the `legacyFunctionCall` option (options.ts) calls are written as the legacy
 * `function_call`, results as `function` messages and function tools as `functions`.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { Place } from '../../model/path.ts';
import type { Message, ParleyRecord, ToolCall, ToolDefinition } from '../../model/types.ts';
import type { OptionValues } from '../../shared/options.ts';
import { Losses } from '../conversion.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { planCallIds, type Result } from '../shared/call-id-plan.ts';
import { merge, mergeFirst, type JsonObject } from '../../shared/json.ts';
import { shapeOf } from '../shared/shape.ts';
import { separatedResults } from '../shared/separated-results.ts';
import { flatFunctionJson, flatToolExtra, keepsRawTool, ownTool, rawToolJson, wrappedToolExtra } from '../shared/tools.ts';
import { ENCODE_CODES, encodeMessage, type ChatContext } from './encode-messages.ts';
import { resolveOpenAiChatOptions } from './options.ts';
import { CODE, DIALECT, SHAPE, TARGET, type CallShape, type DocumentShape, type MessageShape, type ToolShape } from './shape.ts';

/**
 * Ids the source lacked in this same dialect are not made up, so that a document comes back
 * as it was: a `tool_calls` entry or `tool` message that had none, a legacy call, and legacy
 * `function` messages (they answer by name).
 */
function keepsMissing(node: ToolCall | Result): boolean {
  if ('role' in node) return node.role === 'function' || shapeOf<MessageShape>(node, SHAPE)?.noCallId === true;
  if ('arguments' in node) {
    const shape = shapeOf<CallShape>(node, SHAPE);
    return shape?.legacy === true || shape?.noId === true;
  }
  return false;
}

export function encodeOpenAiChat(record: ParleyRecord, options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'OpenAI Chat Completions holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const { legacyFunctionCall: legacy } = resolveOpenAiChatOptions(options);
  const wants = how?.wants?.bind(how);
  const losses = new Losses(TARGET, out, DIALECT, wants);
  const required = { code: ENCODE_CODES.missingCallId, requires: 'Chat Completions requires tool_call_id', labelAtIdField: true };
  const ids = planCallIds(record, { generate: !legacy, target: TARGET, out, keepsMissing, required, wants });
  const context: ChatContext = { losses, ids, legacy };
  separatedResults(record, ENCODE_CODES.separatedResult, TARGET, out, wants);
  // Places, not paths: a path is made only for a diagnostic (most nodes have none).
  const messagesPlace = new Place().at('messages');
  const messages: JsonObject[] = [];
  for (let i = 0; i < record.messages.length; i++) for (const json of encodeMessage(record.messages[i] as Message, messagesPlace.at(i), context)) messages.push(json);
  const shape = shapeOf<DocumentShape>(record, SHAPE) ?? {};
  const tools: JsonObject[] = [];
  const functions: JsonObject[] = [];
  record.tools.forEach((source, i) => {
    const path = ['tools', i];
    if (source.returns !== undefined) losses.add('the returns schema', [...path, 'returns']);
    if (source.type !== undefined) {
      const raw = source as ToolDefinition & { type: string };
      if (legacy) losses.add(`the ${JSON.stringify(raw.type)} tool`, path, 'legacy functions hold function tools only');
      else if (keepsRawTool(raw, losses, path)) tools.push(rawToolJson(raw));
      return;
    }
    const tool = ownTool(source, losses, path);
    if (legacy || shapeOf<ToolShape>(tool, SHAPE)?.legacy) functions.push(flatFunctionJson(tool, 'parameters', flatToolExtra(tool), losses.clash(path)));
    else {
      const { outer, inner } = wrappedToolExtra(tool);
      tools.push(merge({ type: 'function', function: flatFunctionJson(tool, 'parameters', inner, losses.clash(path)) }, outer, losses.clash(path)));
    }
  });
  const extra = losses.extraOf(record, 'document', []);
  const noTop = tools.length === 0 && functions.length === 0 && !shape.toolsKey && !shape.functionsKey && Object.keys(extra ?? {}).length === 0;
  if (shape.bareArray && noTop) return { json: messages, diagnostics: out };
  const doc: JsonObject = { messages };
  if (tools.length > 0 || (shape.toolsKey && !legacy)) doc.tools = tools;
  if (functions.length > 0 || shape.functionsKey || (shape.toolsKey && legacy)) doc.functions = functions;
  return { json: mergeFirst(doc, extra, losses.clash([])), diagnostics: out };
}
