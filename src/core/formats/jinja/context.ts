/**
 * The variables a template is rendered with. The record becomes the messages list templates
 * expect (role, content, tool_calls, tool_call_id, name, …) through the OpenAI Chat Completions
 * codec, the de facto input of `apply_chat_template`, rather than a second mapping; every other
 * top-level key that encoding writes (`tools`, and keys the source record had: `documents`,
 * `bos_token`, `enable_thinking`, …) is a variable too. Lowest to highest: the `variables`
 * option (where a tokenizer config's special tokens go), `add_generation_prompt`, the record's
 * own keys, `messages`.
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { ParleyRecord } from '../../model/types.ts';
// The one place a format reads a JSON dialect (eslint.config.js says why).
import { openAiChatCodec } from '../../interchange/openai-chat/index.ts';
import { withLossProbe } from '../../interchange/loss-probe.ts';
import { CODES } from './codes.ts';
import { RESERVED_VARIABLES } from './engine.ts';
import type { JinjaOptions } from './options.ts';

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
  /** What the encoding could not pass on (lost in conversion) and variables left out. */
  diagnostics: Diagnostic[];
}

/**
 * The OpenAI Chat encoder under the loss probe (interchange/loss-probe.ts), as every dialect is
 * in the registry: what the messages cannot carry and the encoder does not report itself (a
 * system message's thought flags, harmony header fields) is reported, not dropped in silence.
 */
const OPENAI_CHAT_PROBED = withLossProbe(openAiChatCodec);

export function templateContext(record: ParleyRecord, options: JinjaOptions, extra: Readonly<Record<string, unknown>>): TemplateContext {
  const encoded = OPENAI_CHAT_PROBED.encode(record);
  const diagnostics = [...encoded.diagnostics];
  const variables: Record<string, unknown> = { ...extra, add_generation_prompt: options.add_generation_prompt };
  const json = encoded.json;
  if (Array.isArray(json)) variables.messages = json;
  else if (isObject(json)) {
    for (const [key, value] of Object.entries(json)) variables[key] = value;
  }
  for (const key of Object.keys(variables)) {
    if (!RESERVED_VARIABLES.has(key)) continue;
    delete variables[key];
    diagnostics.push(warning(CODES.reservedVariable, `The variable ${JSON.stringify(key)} is defined by the template engine itself; the given value is left out.`));
  }
  return { variables, diagnostics };
}
