/**
 * Tool calls as the template writes them: `<|tools_prefix|>[{"name": arguments}, …]<|tools_suffix|>`,
 * for a `tool_calls` block and for legacy OpenAI `tool_calls` on an assistant message. The
 * template concatenates the arguments as they are; arguments that are not a JSON string are
 * explained in a diagnostic (an object is written as its JSON text unless asked otherwise).
 */
import type { Place } from '../../model/path.ts';
import type { ToolCall } from '../../model/types.ts';
import { isPlainObject } from '../../validate/schema-check.ts';
import { isSurelyJson } from '../../validate/json-surely.ts';
import { parseArgumentsText } from '../../validate/tool-arguments.ts';
import { CODES } from './codes.ts';
import { argumentsAsStringFix, callTypeFix } from './fixes.ts';
import type { Emitter } from './emitter.ts';
import { TOKENS } from './tokens.ts';

/** What `@huggingface/jinja` writes for `string + mapping`: the JavaScript string of its Map. */
const MAPPING_AS_TEXT = '[object Map]';

/**
 * `list` is the block (or the message, for legacy calls); `key` the field holding the calls
 * (`calls` or `toolCalls`); `label` names the message in diagnostics.
 */
export function renderCalls(e: Emitter, calls: readonly ToolCall[], list: Place, key: 'calls' | 'toolCalls', label: string): void {
  const keyPlace = list.at(key);
  // The brackets of a block's calls belong to the block; those of legacy calls to the field.
  const callsPlace = key === 'calls' ? list : keyPlace;
  e.special(TOKENS.toolsPrefix, callsPlace, true);
  e.structure('[', callsPlace, true);
  for (let k = 0; k < calls.length; k++) {
    const call = calls[k] as ToolCall;
    const place = keyPlace.at(k);
    if (key === 'toolCalls') checkLegacyType(e, call, k, place, label);
    if (k > 0) e.structure(', ', callsPlace, true);
    e.structure('{"', place, true);
    e.content(call.name, place.at('name'), true);
    e.structure('": ', place, true);
    renderArguments(e, call, k, place.at('arguments'), label);
    e.structure('}', place, true);
  }
  e.structure(']', callsPlace, true);
  e.special(TOKENS.toolsSuffix, callsPlace, true);
}

/** `{% if tool_call.type == 'function' %} … {% else %}{{ raise_exception(…) }}`. */
function checkLegacyType(e: Emitter, call: ToolCall, k: number, place: Place, label: string): void {
  if (call.type === undefined && call.typeMissing) {
    e.error(
      CODES.legacyCallType,
      `${label}: tool call ${k + 1} has no "type"; the template accepts only "type": "function" in tool_calls and raises (building "Invalid tool call type: " + type fails on the missing type). Add "type": "function".`,
      place,
      callTypeFix(place.path, call),
    );
  } else if (call.type !== undefined && call.type !== 'function') {
    e.error(
      CODES.legacyCallType,
      `${label}: tool call ${k + 1} has type ${JSON.stringify(call.type)}; the template accepts only "function" in tool_calls and raises ("Invalid tool call type").`,
      place.at('type'),
    );
  }
}

/**
 * `'": ' + arguments + '}'`: a string is written as it is (and checked as JSON, as docs/formats.md
 * asks in 'All formats: tool-call arguments are kept as the author's text', with the diagnostic `validateRecord` gives, as a warning: the template renders it).
 * An object (Anthropic `tool_use.input`, Hugging Face style) is where the template fails:
 * `@huggingface/jinja` writes "[object Map]" and Python's jinja2 raises. Nobody wants those bytes
 * in training data, so its JSON text is written, with a warning; the `objectMapArguments`
 * option writes the template's own bytes.
 */
function renderArguments(e: Emitter, call: ToolCall, k: number, place: Place, label: string): void {
  // Most arguments are JSON text written as a string: neither diagnostic applies, and a scan
  // says so without parsing them (a value made only to be dropped, for every call of a data set).
  if (!call.argumentsWasObject && isSurelyJson(call.arguments)) {
    e.content(call.arguments, place, true);
    return;
  }
  if (call.arguments.trim() === '') {
    // Empty arguments mean {} to the checks and to formats that need an object (issue 24); the
    // official template concatenates the text, so it writes nothing here: said, not an error.
    e.warn(CODES.argumentsEmpty, `${label}: tool call ${k + 1} (${JSON.stringify(call.name)}) has empty arguments; the template writes them as they are (nothing). Write {} for a call without arguments.`, place);
    e.content(call.arguments, place, true);
    return;
  }
  const parsed = parseArgumentsText(call.arguments, place);
  if (call.argumentsWasObject && parsed.ok && isPlainObject(parsed.value)) {
    const written = e.objectMapArguments ? `"${MAPPING_AS_TEXT}" (the template's own bytes, as the option asks)` : 'their JSON text';
    e.warn(
      CODES.argumentsObject,
      `${label}: the arguments of tool call ${k + 1} (${JSON.stringify(call.name)}) are a JSON object, not a string; written as ${written}. The official template concatenates them as text and fails on them: @huggingface/jinja writes "${MAPPING_AS_TEXT}" and Python's jinja2 (ApertusFormatter) raises TypeError. Write them as a JSON string.`,
      place,
      argumentsAsStringFix(place.path.slice(0, -1), call),
    );
    if (e.objectMapArguments) e.derived(MAPPING_AS_TEXT, place, true);
    // The reader keeps an object as its JSON text (`arguments`), so this is the field's text.
    else e.content(call.arguments, place, true);
    return;
  }
  if (!parsed.ok) e.diagnostics.push({ ...parsed.diagnostic, severity: 'warning' });
  e.content(call.arguments, place, true);
}
