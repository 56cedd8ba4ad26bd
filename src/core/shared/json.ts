/**
 * Small JSON helpers shared by the chat dialect codecs (and the Apertus content encoder that
 * the Apertus format uses too): object checks, the unknown keys of a source object (kept in
 * `extra`), and writing known fields plus `extra` back.
 */
import type { Extra } from '../model/types.ts';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, in the words of a diagnostic. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The keys of `source` that are not in `known`, or undefined when there are none. */
export function extraOf(source: JsonObject, known: readonly string[]): Extra | undefined {
  let extra: Extra | undefined;
  // Every node of a data set comes here: `for…in` walks the object's keys without making an
  // array of them (Object.keys did, for each node: ~3× slower here); own keys only, as before.
  for (const key in source) {
    if (known.includes(key) || !Object.hasOwn(source, key)) continue;
    (extra ??= {})[key] = source[key];
  }
  return extra;
}

/** Sets `node.extra` when there is any, and returns the node. */
export function withExtra<T extends { extra?: Extra }>(node: T, extra: Extra | undefined): T {
  if (extra) node.extra = extra;
  return node;
}

/** `extra` with `key` set (created when needed). */
export function withKey(extra: Extra | undefined, key: string, value: unknown): Extra {
  return { ...extra, [key]: value };
}

/** `extra` without some keys, or undefined when nothing is left. */
export function without(extra: Extra | undefined, ...keys: string[]): Extra | undefined {
  if (!extra) return undefined;
  let rest: Extra | undefined;
  for (const [key, value] of Object.entries(extra)) {
    if (keys.includes(key)) continue;
    (rest ??= {})[key] = value;
  }
  return rest;
}

/** The object under `extra[key]`, when there is one (nested unknown keys, e.g. `extra.function`). */
export function nested(extra: Extra | undefined, key: string): JsonObject | undefined {
  const value = extra?.[key];
  return isObject(value) ? value : undefined;
}

/**
 * `known` plus the keys of `extra` that `known` does not have. A key of `extra` that a known
 * field already wrote (an unknown field of another dialect that this one uses for something
 * else) cannot be written: `clash` hears about it so that the caller reports the loss.
 */
export function merge(known: JsonObject, extra: Extra | undefined, clash?: (key: string, value: unknown) => void): JsonObject {
  if (!extra) return known;
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in known)) known[key] = value;
    else if (clash && !jsonEqual(known[key], value)) clash(key, value);
  }
  return known;
}

/** Deep equality of JSON values (key order ignored, as JSON objects are unordered). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const ka = Object.keys(a as JsonObject);
  const kb = Object.keys(b as JsonObject);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual((a as JsonObject)[key], (b as JsonObject)[key]));
}

/** `JSON.parse` that says undefined instead of throwing. */
export function tryParseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Like `merge`, but the unknown keys come first (a request's `model` before its `messages`). */
export function mergeFirst(known: JsonObject, extra: Extra | undefined, clash?: (key: string, value: unknown) => void): JsonObject {
  if (!extra) return known;
  const json: JsonObject = {};
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in known)) json[key] = value;
    else if (clash && !jsonEqual(known[key], value)) clash(key, value);
  }
  return Object.assign(json, known);
}
