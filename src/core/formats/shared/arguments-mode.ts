/**
 * What a Hub template receives as a call's `arguments` (the Jinja format, ChatML-Qwen2.5,
 * Llama 3.1). The model keeps arguments as the author's text; transformers passes a template
 * whatever the caller gave: OpenAI-style data carries a JSON string, while Qwen and Meta document
 * (and trained on) objects, which their templates write with `arguments | tojson` (an object as
 * JSON, a string as a quoted JSON string). See docs/formats.md, 'Hub templates: tool-call
 * arguments'.
 * - `object` (default): arguments whose text is a JSON object are passed as that object, as when
 *   the caller parses them before `apply_chat_template`; any other text as the string it is.
 * - `as-given`: what the source gave: an object (`argumentsWasObject`, or the OpenAI Chat
 *   reader's note `argsObject`) as the object, a string as the string. Byte-identical to the template given the source's JSON as it is.
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { FormatOption } from '../../shared/options.ts';
import type { ToolCall } from '../../model/types.ts';
import { stringToJson, toJson } from './jinja-json.ts';
import { sourceNote } from './source-notes.ts';

export type ArgumentsMode = 'object' | 'as-given';

export const ARGUMENTS_OPTION: FormatOption = {
  key: 'arguments',
  label: 'Tool-call arguments',
  description:
    'object: arguments whose text is a JSON object reach the template as that object, as when they are parsed before rendering (what the models were trained on); as-given: as the source gave them, a string as a string (a template writing it with tojson quotes it), an object as an object.',
  type: 'enum',
  default: 'object',
  choices: ['object', 'as-given'],
  cliFlag: '--arguments',
};

export function isArgumentsMode(value: unknown): value is ArgumentsMode {
  return value === 'as-given' || value === 'object';
}

/** The JSON object the arguments text holds, or undefined. */
function objectOf(text: string): Record<string, unknown> | undefined {
  // Empty arguments (a new call before anything is typed) mean no arguments: {} (issue 24).
  if (text.trim() === '') return {};
  // Not an object unless it starts like one: most texts are objects, the rest need no parse.
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Parsed {
  source: string;
  value: Record<string, unknown> | undefined;
  /** What `argumentsJson` answers, made when first asked: with the object, with the text as a string. */
  asObject?: ArgumentsJson;
  asString?: ArgumentsJson;
}

/** Parses by call (immer keeps unchanged calls identical across the app's renders); the text is compared, so an edit in place is seen. */
const memo = new WeakMap<ToolCall, Parsed>();

function parsed(call: ToolCall): Parsed {
  const hit = memo.get(call);
  if (hit && hit.source === call.arguments) return hit;
  const made: Parsed = { source: call.arguments, value: objectOf(call.arguments) };
  memo.set(call, made);
  return made;
}

/** The source gave the arguments as an object: the model's flag (Apertus JSON, Anthropic, spec 002) or the OpenAI Chat reader's note. */
function givenAsObject(call: ToolCall): boolean {
  return call.argumentsWasObject === true || sourceNote(call)?.argsObject === true;
}

/** The object the template receives, or undefined when it receives the text (a string). */
export function argumentsObject(call: ToolCall, mode: ArgumentsMode): Record<string, unknown> | undefined {
  if (mode === 'as-given' && !givenAsObject(call)) return undefined;
  return parsed(call).value;
}

/**
 * What the template receives: the object, or the arguments' text. The object is shared between
 * renders of an unchanged call: a template must not change it (none can: Jinja has no
 * assignment into a mapping).
 */
export function templateArguments(call: ToolCall, mode: ArgumentsMode): unknown {
  return argumentsObject(call, mode) ?? call.arguments;
}

export interface ArgumentsJson {
  readonly text: string;
  readonly quoted: boolean;
  readonly value?: Record<string, unknown>;
}

/**
 * `arguments | tojson`: `quoted` says that the text was written as a JSON string (the
 * template's output for string arguments), `value` is the object when written as one. The
 * answer is kept with the call's parse and shared by every render of an unchanged call (one
 * object less per call per render).
 */
export function argumentsJson(call: ToolCall, mode: ArgumentsMode): ArgumentsJson {
  const p = parsed(call);
  const value = mode === 'as-given' && !givenAsObject(call) ? undefined : p.value;
  if (value === undefined) return (p.asString ??= { text: stringToJson(call.arguments), quoted: true });
  return (p.asObject ??= { text: toJson(value), quoted: false, value });
}

/**
 * The warning for arguments a native template writes quoted, saying what the template does
 * with them (`tool_call.arguments | tojson` of a string is a quoted JSON string) and, when the
 * text holds an object, which option passes it as one.
 */
export function quotedArgumentsWarning(code: string, model: string, call: ToolCall, path: FieldPath, mode: ArgumentsMode): Diagnostic {
  const at = [...path, 'arguments'];
  const holdsObject = parsed(call).value !== undefined;
  const why = holdsObject && mode === 'as-given' ? 'the source gave them as a string (arguments as-given)' : 'they are not a JSON object';
  const fix = holdsObject && mode === 'as-given' ? '; the "object" arguments option passes the object they hold' : '';
  return warning(code, `${formatPath(at)}: the template receives the arguments as a string, as ${why}, and its "arguments | tojson" writes a string as a quoted JSON string; ${model} was trained on JSON objects${fix}.`, at);
}
