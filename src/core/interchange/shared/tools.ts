/**
 * Tool definitions across dialects. A function tool's unknown fields live in `extra`: for a
 * tool read from an OpenAI-nested entry (`wrapped`), the wrapper's unknown keys at the top of
 * `extra` and the `function` object's unknown keys in `extra.function` (as `apertus-json`
 * does); for a flat tool, its unknown keys at the top. These helpers give each target the
 * extras of the level it writes, so `strict` stays next to `name` in every dialect.
 */
import type { FieldPath } from '../../model/path.ts';
import type { Extra, ToolDefinition } from '../../model/types.ts';
import type { Losses } from '../conversion.ts';
import { isObject, merge, nested, without, type JsonObject } from '../../shared/json.ts';

/** Extras for a flat tool object (Anthropic, Responses, spec 002, ShareGPT). */
export function flatToolExtra(tool: ToolDefinition): Extra | undefined {
  if (!tool.wrapped) return tool.extra;
  const fn = nested(tool.extra, 'function');
  const outer = without(tool.extra, 'function');
  return fn || outer ? { ...outer, ...fn } : undefined;
}

/** Extras for an OpenAI-nested tool: `{outer}` for the wrapper, `{inner}` for the `function` object. */
export function wrappedToolExtra(tool: ToolDefinition): { outer: Extra | undefined; inner: Extra | undefined } {
  if (!tool.wrapped) return { outer: undefined, inner: tool.extra };
  return { outer: without(tool.extra, 'function'), inner: nested(tool.extra, 'function') };
}

/** A non-function tool (`tool.type` set) written back as the source had it. */
export function rawToolJson(tool: ToolDefinition & { type: string }): JsonObject {
  const json: JsonObject = { type: tool.type, ...tool.extra };
  if (typeof json.name === 'string') json.name = tool.name;
  return json;
}

/** A non-function tool from a source entry: everything but `type` in `extra`, a display name. */
export function rawToolFrom(entry: JsonObject, id: string): ToolDefinition {
  const type = typeof entry.type === 'string' ? entry.type : '';
  const { type: _type, ...rest } = entry;
  const inner = isObject(rest[type]) ? (rest[type] as JsonObject) : undefined;
  const name = typeof rest.name === 'string' ? rest.name : typeof inner?.name === 'string' ? inner.name : type;
  const tool: ToolDefinition = { id, name, type };
  if (Object.keys(rest).length > 0) tool.extra = rest;
  return tool;
}

/** `{name, description?, parameters?, returns?}` with the given key for the schema, then extras. */
export function flatFunctionJson(tool: ToolDefinition, schemaKey: string, extra: Extra | undefined, clash?: (key: string) => void): JsonObject {
  const json: JsonObject = { name: tool.name };
  if (tool.description !== undefined) json.description = tool.description;
  if (tool.parameters !== undefined) json[schemaKey] = tool.parameters;
  return merge(json, extra, clash);
}

/**
 * The tool as this target writes it. When another dialect read its unknown fields, a copy whose
 * `extra` holds those with an equivalent here, flat (the level every dialect's helpers above
 * start from); the rest is reported. Its own tools, and tools of no known dialect, as they are.
 */
export function ownTool(tool: ToolDefinition, losses: Losses, path: FieldPath): ToolDefinition {
  if (tool.extraSource === undefined || tool.extraSource === losses.dialect || !tool.extra) return tool;
  const extra = losses.extraOf({ extra: flatToolExtra(tool), extraSource: tool.extraSource }, 'tool', path);
  const { extra: _foreign, wrapped: _wrapped, extraSource: _source, ...rest } = tool;
  return extra ? { ...rest, extra } : rest;
}

/** Whether a provider's tool (`tool.type` set) is written here: only in the dialect that read it. */
export function keepsRawTool(tool: ToolDefinition & { type: string }, losses: Losses, path: FieldPath): boolean {
  const named = tool.name !== tool.type ? ` ${JSON.stringify(tool.name)}` : '';
  return losses.keepsRaw(tool, rawToolJson(tool), `the ${JSON.stringify(tool.type)} tool${named}`, path);
}
