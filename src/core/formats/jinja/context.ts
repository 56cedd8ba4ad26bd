/**
 * The variables a template is rendered with: what transformers' `apply_chat_template` gives it.
 * The record's messages come from the one message builder of the template formats
 * (formats/shared/template-messages.ts, made plain values by messages-json.ts), its tools as a
 * template receives them (`toolJson`), and every other top-level key the source record had
 * (`documents`, `bos_token`, `enable_thinking`, …) is a variable too. Lowest to highest: the
 * `variables` option (where a tokenizer config's special tokens go), `add_generation_prompt`,
 * the record's own keys, `tools`, `messages`.
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation } from '../../model/types.ts';
import { toolJson } from '../shared/jinja-json.ts';
import { sourceNote } from '../shared/source-notes.ts';
import { templateMessages, type TemplateMessage } from '../shared/template-messages.ts';
import { CODES } from './codes.ts';
import { RESERVED_VARIABLES } from './engine.ts';
import { messagesJson, reasoningKey } from './messages-json.ts';
import type { JinjaOptions } from './options.ts';
import { reportUnreadThoughts, reportUnreceived } from './unreceived.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `variables` option as an object; a diagnostic when it is not a JSON object. */
export function parseVariables(text: string): { values: Record<string, unknown>; diagnostic?: Diagnostic } {
  if (text.trim() === '') return { values: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return { values: value };
  } catch {
    // reported below
  }
  return { values: {}, diagnostic: warning(CODES.badVariables, 'The template variables are not a JSON object ({"name": value, …}); they are left out.') };
}

export interface TemplateContext {
  variables: Record<string, unknown>;
  /** What the template cannot receive (lost in conversion), ids it reads that are missing, variables left out. */
  diagnostics: Diagnostic[];
}

/** A template that reads call ids (`tool_call.id`, `message.tool_call_id`, `['id']`): Mistral's check them, others pair results with calls by them. */
const READS_IDS = /\btool_call_id\b|\.id\b|\[\s*['"]id['"]\s*\]/;

/** Ids are passed as given, never made up: where the template reads them and some are missing, one warning for the calls and one for the results, at the first. */
function missingIds(messages: readonly TemplateMessage[], out: Diagnostic[]): void {
  let calls = 0;
  let firstCall: FieldPath | undefined;
  let results = 0;
  let firstResult: FieldPath | undefined;
  for (const message of messages) {
    for (const { call, path } of message.calls) {
      if (call.callId !== undefined) continue;
      calls += 1;
      firstCall ??= path;
    }
    if (message.role === 'tool' && message.source.toolCallId === undefined) {
      results += 1;
      firstResult ??= message.path;
    }
  }
  const tail = 'the template reads call ids, and Parley passes the ids the data has, never made-up ones; give them in the data';
  if (firstCall) out.push(warning(CODES.missingCallId, `${calls === 1 ? 'A tool call has' : `${calls} tool calls have`} no id: ${tail}.`, firstCall));
  if (firstResult) out.push(warning(CODES.missingCallId, `${results === 1 ? 'A tool result has' : `${results} tool results have`} no tool_call_id: ${tail}.`, firstResult));
}

export function templateContext(record: Conversation, options: Required<JinjaOptions>, extra: Readonly<Record<string, unknown>>): TemplateContext {
  const diagnostics: Diagnostic[] = [];
  const messages = templateMessages(record.messages, { label: 'the Jinja template', out: diagnostics });
  reportUnreceived(record, diagnostics);
  const variables: Record<string, unknown> = { ...extra, add_generation_prompt: options.add_generation_prompt };
  if (record.extra) for (const [key, value] of Object.entries(record.extra)) variables[key] = value;
  if (record.tools.length > 0 || sourceNote(record)?.toolsKey) variables.tools = record.tools.map(toolJson);
  variables.messages = messagesJson(messages, options.arguments, diagnostics);
  if (READS_IDS.test(options.template)) missingIds(messages, diagnostics);
  reportUnreadThoughts(messages, options.template, reasoningKey, diagnostics);
  for (const key of Object.keys(variables)) {
    if (!RESERVED_VARIABLES.has(key)) continue;
    delete variables[key];
    diagnostics.push(warning(CODES.reservedVariable, `The variable ${JSON.stringify(key)} is defined by the template engine itself; the given value is left out.`));
  }
  return { variables, diagnostics };
}
