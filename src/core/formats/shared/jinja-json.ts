/**
 * JSON as `@huggingface/jinja` 0.5.11's `tojson` filter writes it, for formats whose reference
 * template dumps tools or arguments (ChatML-Qwen2.5, Llama 3.1): without `indent`, Python's
 * `", "` / `": "` separators on one line (what the Apertus helper `toJson` writes, built here
 * by appending to one string: dumping the tools and arguments was the largest cost of a
 * render); with `indent`, `","` between items, each on its own line, and `[]` / `{}` for empty
 * containers. Undefined is written as null. Non-ASCII is kept.
 */
import type { ToolDefinition } from '../../model/types.ts';
import { merge, nested, without, type JsonObject } from '../../shared/json.ts';

export function toJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ', ' : '') + toJson(value[i]);
    return `${out}]`;
  }
  out = '{';
  let first = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    out += `${first ? '' : ', '}${JSON.stringify(key)}: ${toJson((value as JsonObject)[key])}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * The characters `JSON.stringify` writes escaped in a string: `"`, `\`, controls, and UTF-16
 * surrogates (a lone one is escaped; a string with a pair goes the slow way too, which writes it as is).
 */
// eslint-disable-next-line no-control-regex -- control characters are among what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Strings written with `tojson` on every render of a conversation (Llama 3.1's tool results,
 * arguments given as a string): their JSON text by string, as the app renders again on every
 * keystroke and unchanged messages keep their strings. `JSON.stringify` of one short string
 * cost ~150 ns (a tenth of a Llama 3.1 render at 100 messages: 25 tool results); a hit costs
 * a map lookup. Bounded: only strings up to `maxLength` characters (beyond, the escape's own
 * cost outweighs the call's), at most `maxEntries` of them (the map is emptied when full), so
 * it holds at most ~2 MB of text; raise both together with that in mind.
 */
export const JSON_STRING_MEMO = { maxEntries: 1024, maxLength: 1024 } as const;
const jsonStrings = new Map<string, string>();

function quoted(text: string): string {
  // Most text needs no escape: quoted as it is, without the call's set-up.
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * `text | tojson`: the string as a JSON string, exactly as `JSON.stringify` writes it. (The
 * command's cli/json-string.ts is faster on long texts; the core cannot import it, and the
 * strings here are short.)
 */
export function stringToJson(text: string): string {
  if (text.length > JSON_STRING_MEMO.maxLength) return quoted(text);
  let json = jsonStrings.get(text);
  if (json === undefined) {
    json = quoted(text);
    if (jsonStrings.size >= JSON_STRING_MEMO.maxEntries) jsonStrings.clear();
    jsonStrings.set(text, json);
  }
  return json;
}

export function toJsonIndented(value: unknown, indent: number, depth = 0): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const pad = ' '.repeat(indent);
  const base = `\n${pad.repeat(depth)}`;
  const child = base + pad;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${child}${value.map((item: unknown) => toJsonIndented(item, indent, depth + 1)).join(`,${child}`)}${base}]`;
  }
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return '{}';
  return `{${entries.map(([key, item]) => `${child}${JSON.stringify(key)}: ${toJsonIndented(item, indent, depth + 1)}`).join(',')}${base}}`;
}

/**
 * A tool definition as the JSON a Hub template receives in `tools` (OpenAI's shape): a wrapped
 * tool as `{"type": "function", "function": {name, description, parameters, …}, …}`, a flat one
 * as `{name, description, parameters, …}`, a provider's tool as its source entry. Known keys
 * come first in that order, then the kept unknown keys (`extra`) in their order: a template's
 * `tojson` writes the keys in this order, so key order beyond that is not kept (see
 * docs/formats.md, 'Hub templates: tool JSON key order').
 */
export function toolJson(tool: ToolDefinition): JsonObject {
  if (tool.type !== undefined) {
    const raw: JsonObject = { type: tool.type, ...tool.extra };
    if (typeof raw.name === 'string') raw.name = tool.name;
    return raw;
  }
  const fn: JsonObject = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  if (tool.parameters !== undefined) fn.parameters = tool.parameters;
  if (tool.returns !== undefined) fn.returns = tool.returns;
  if (!tool.wrapped) return merge(fn, tool.extra);
  return merge({ type: 'function', function: merge(fn, nested(tool.extra, 'function')) }, without(tool.extra, 'function'));
}

function isObjectValue(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function functionFields(tool: ToolDefinition, fn: JsonObject): JsonObject | undefined {
  if (typeof fn.description === 'string') tool.description = fn.description;
  if ('parameters' in fn) tool.parameters = fn.parameters;
  if ('returns' in fn) tool.returns = fn.returns;
  const rest = Object.fromEntries(Object.entries(fn).filter(([key]) => !['name', 'description', 'parameters', 'returns'].includes(key) || (key === 'description' && typeof fn.description !== 'string')));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** The inverse of `toolJson`: a tool entry of a template's `tools` read back (when parsing a render). */
export function toolFromJson(value: unknown, id: string): ToolDefinition | undefined {
  if (!isObjectValue(value)) return undefined;
  if (value.type === 'function' && isObjectValue(value.function) && typeof value.function.name === 'string') {
    const tool: ToolDefinition = { id, name: value.function.name, wrapped: true };
    const inner = functionFields(tool, value.function);
    const outer = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'type' && key !== 'function'));
    const extra: JsonObject = { ...outer, ...(inner && { function: inner }) };
    if (Object.keys(extra).length > 0) tool.extra = extra;
    return tool;
  }
  if (typeof value.name === 'string' && !('type' in value)) {
    const tool: ToolDefinition = { id, name: value.name };
    const extra = functionFields(tool, value);
    if (extra) tool.extra = extra;
    return tool;
  }
  if (typeof value.type === 'string') {
    const { type, ...rest } = value;
    const tool: ToolDefinition = { id, name: typeof rest.name === 'string' ? rest.name : type, type };
    if (Object.keys(rest).length > 0) tool.extra = rest;
    return tool;
  }
  return undefined;
}

interface ToolMemo {
  source: readonly unknown[];
  indent: number;
  text: string;
}

/**
 * Tool dumps by tool: the app renders on every keystroke and immer keeps unchanged tools
 * identical (as validate/index.ts's message memo relies on), so a conversation's tool schemas
 * are dumped once, not per render. The fields the dump reads are compared too, so a tool
 * changed in place is dumped again.
 */
const toolMemo = new WeakMap<ToolDefinition, ToolMemo>();

function toolFields(tool: ToolDefinition): unknown[] {
  return [tool.name, tool.description, tool.parameters, tool.returns, tool.extra, tool.wrapped, tool.type];
}

/** `tool | tojson` (indent 0) or `tool | tojson(indent=n)` of the tool's template JSON. */
export function toolText(tool: ToolDefinition, indent = 0): string {
  const fields = toolFields(tool);
  const hit = toolMemo.get(tool);
  if (hit && hit.indent === indent && hit.source.every((value, i) => value === fields[i])) return hit.text;
  const json = toolJson(tool);
  const text = indent === 0 ? toJson(json) : toJsonIndented(json, indent);
  toolMemo.set(tool, { source: fields, indent, text });
  return text;
}
