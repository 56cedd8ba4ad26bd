/**
 * Tool calls as the template writes them: `<|tools_prefix|>[{"name": arguments}, …]<|tools_suffix|>`,
 * for a `tool_calls` block and for legacy OpenAI `tool_calls` on an assistant message. The
 * template concatenates the arguments as they are; what it makes of arguments that are not a
 * JSON string is reproduced here and explained in a diagnostic.
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
 * asks in 'All formats: tool-call arguments are kept as the author's text', with the diagnostic `validateRecord` gives, as a warning: the template renders it);
 * an object becomes "[object Map]" in `@huggingface/jinja`, while Python's jinja2 raises.
 */
function renderArguments(e: Emitter, call: ToolCall, k: number, place: Place, label: string): void {
  // Most arguments are JSON text written as a string: neither diagnostic applies, and a scan
  // says so without parsing them (a value made only to be dropped, for every call of a data set).
  if (!call.argumentsWasObject && isSurelyJson(call.arguments)) {
    e.content(call.arguments, place, true);
    return;
  }
  const parsed = parseArgumentsText(call.arguments, place);
  if (call.argumentsWasObject && parsed.ok && isPlainObject(parsed.value)) {
    e.warn(
      CODES.argumentsObject,
      `${label}: the arguments of tool call ${k + 1} (${JSON.stringify(call.name)}) are a JSON object, not a string; the template concatenates them as text, so @huggingface/jinja writes "${MAPPING_AS_TEXT}" (shown) and Python's jinja2 (ApertusFormatter) raises TypeError. Write them as a JSON string.`,
      place,
      argumentsAsStringFix(place.path.slice(0, -1), call),
    );
    e.derived(MAPPING_AS_TEXT, place, true);
    return;
  }
  if (!parsed.ok) e.diagnostics.push({ ...parsed.diagnostic, severity: 'warning' });
  e.content(call.arguments, place, true);
}

