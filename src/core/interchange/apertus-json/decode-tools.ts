/**
 * Reader for tool definitions: flat `{name, description, parameters}` (what the Apertus
 * template reads), OpenAI-nested `{"type": "function", "function": {…}}` (kept as
 * `wrapped: true`; the format reports it), or a provider's built-in tool (`type` set).
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Place } from '../../model/path.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { extraOf, isObject, withKey, textOf, type JsonObject } from './fields.ts';
import { check, describeJson, problem } from './issues.ts';
import { flatToolSchema, nestedToolSchema } from './schema.ts';

const FUNCTION_KEYS = ['name', 'description', 'parameters', 'returns'];

/** The tools, or undefined when one cannot be held (the caller keeps the array raw). */
export function decodeTools(items: unknown[], place: Place, out: Diagnostic[]): ToolDefinition[] | undefined {
  const tools: ToolDefinition[] = [];
  for (const [index, item] of items.entries()) {
    const tool = decodeTool(item, place.at(index), out);
    if (!tool) return undefined;
    tools.push(tool);
  }
  return tools;
}

function decodeTool(item: unknown, place: Place, out: Diagnostic[]): ToolDefinition | undefined {
  const kept = 'the tools are kept as they are, but cannot be edited';
  if (!isObject(item)) {
    out.push(problem(place, `expected an object, got ${describeJson(item)}; ${kept}`));
    return undefined;
  }
  if (typeof item.type === 'string' && item.type !== 'function' && !('function' in item)) return builtInTool(item);
  if (!('function' in item)) {
    const { tool, fnExtra } = readFunction(item, place, out);
    if (fnExtra) tool.extra = fnExtra;
    return tool;
  }
  if (check(nestedToolSchema, item, place, out).size > 0) {
    out.push(problem(place, kept));
    return undefined;
  }
  const { tool, fnExtra } = readFunction(item.function as JsonObject, place.at('function'), out);
  tool.wrapped = true;
  let extra = extraOf(item, ['type', 'function']);
  // Unknown keys of `function` live in extra.function (the item's own `function` key is known).
  if (fnExtra) extra = withKey(extra, 'function', fnExtra);
  if (extra) tool.extra = extra;
  return tool;
}

/**
 * A provider's built-in tool (`{"type": "web_search_preview", …}`): no function schema; every
 * field but `type` is kept as it was, the name copied for display (its type when it has none,
 * as every dialect's reader shows it: shared/tools.ts, rawToolFrom).
 */
function builtInTool(item: JsonObject): ToolDefinition {
  const tool: ToolDefinition = { id: newId('t'), name: typeof item.name === 'string' ? item.name : (item.type as string), type: item.type as string };
  const extra = extraOf(item, ['type']);
  if (extra) tool.extra = extra;
  return tool;
}

/** The definition's fields; `fnExtra` holds the function object's unknown keys and raw invalid values. */
function readFunction(fn: JsonObject, place: Place, out: Diagnostic[]): { tool: ToolDefinition; fnExtra: JsonObject | undefined } {
  check(flatToolSchema, fn, place, out);
  const tool: ToolDefinition = { id: newId('t'), name: textOf(fn.name) };
  let fnExtra = extraOf(fn, FUNCTION_KEYS);
  if ('description' in fn) {
    if (typeof fn.description === 'string') tool.description = fn.description;
    else fnExtra = withKey(fnExtra, 'description', fn.description);
  }
  if ('parameters' in fn) tool.parameters = fn.parameters;
  if ('returns' in fn) tool.returns = fn.returns;
  return { tool, fnExtra };
}
