/**
 * `JSON.stringify` for writing a record back where it came from, with two differences that keep
 * a diff of the line to what was edited, and one that keeps it from failing:
 * - keys in the order of the matching object of the original (same path; array items matched
 *   by position), keys the original did not have after the ones it had;
 * - a number whose original text at the same path had an unusual spelling (`1.0`, `-0`, `1e5`,
 *   a 20-digit integer: number-spellings.ts) is written with that text when its value there is
 *   still the same (`Object.is`, so `-0` is not `0`);
 * - no recursion: an explicit stack, so a record nested 5,000 (or 500,000) deep is written like
 *   any other, where `JSON.stringify` throws "Maximum call stack size exceeded".
 * With neither an order nor spellings to keep, it is `JSON.stringify` itself (faster), and the
 * walk below only when that throws a RangeError (too deep for the engine's stack).
 * Otherwise the same bytes as `JSON.stringify(value, null, indent)`: `toJSON`, `undefined` and
 * functions left out of objects and `null` in arrays, non-finite numbers `null`, a cycle a
 * TypeError. (A top-level value JSON cannot hold is written `null`, where JSON.stringify gives
 * undefined.)
 */
import type { NumberSpellings } from './number-spellings.ts';

export interface StringifyOptions {
  /** The value as it was read: its objects' key order is kept. */
  order?: unknown;
  /** The original text's number spellings (numberSpellings of the text `order` was read from). */
  spellings?: NumberSpellings | undefined;
  /** Pretty printing, as JSON.stringify's third argument (a string of spaces); none: one line. */
  indent?: string;
}

interface Frame {
  value: object;
  /** The object's keys in writing order; undefined for an array. */
  keys: string[] | undefined;
  next: number;
  written: number;
  order: unknown;
  spellings: NumberSpellings | undefined;
}

type Container = object;

export function stringifyJson(value: unknown, options: StringifyOptions = {}): string {
  const indent = options.indent ?? '';
  if (options.order === undefined && options.spellings === undefined) {
    // Nothing to keep (the usual case of `parley convert`): the engine's own, 2-4× faster,
    // unless the value is too deep for it.
    try {
      return JSON.stringify(value, null, indent) ?? 'null';
    } catch (thrown) {
      if (!(thrown instanceof RangeError)) throw thrown;
    }
  }
  const stack: Frame[] = [];
  const ancestors = new Set<Container>();
  let out = '';

  /** Writes a value that is not left out; a container is opened, its items follow from the loop. */
  const write = (item: unknown, order: unknown, spelled: string | NumberSpellings | undefined): void => {
    if (typeof item === 'number') {
      out += typeof spelled === 'string' && Object.is(Number(spelled), item) ? spelled : Number.isFinite(item) ? String(item) : 'null';
    } else if (typeof item === 'string') {
      out += JSON.stringify(item);
    } else if (typeof item === 'boolean') {
      out += item ? 'true' : 'false';
    } else if (item === null) {
      out += 'null';
    } else if (typeof item === 'bigint') {
      throw new TypeError('Do not know how to serialize a BigInt');
    } else {
      const container = item as Container;
      if (ancestors.has(container)) throw new TypeError('Converting circular structure to JSON');
      ancestors.add(container);
      const array = Array.isArray(container);
      out += array ? '[' : '{';
      stack.push({
        value: container,
        keys: array ? undefined : keysInOrder(container, order),
        next: 0,
        written: 0,
        order,
        spellings: spelled instanceof Map ? spelled : undefined,
      });
    }
  };

  const root = jsonValue(value, '');
  if (root === undefined) return 'null';
  write(root, options.order, options.spellings);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { keys } = frame;
    if (keys === undefined) {
      const items = frame.value as unknown[];
      if (frame.next >= items.length) {
        close(frame, ']');
        continue;
      }
      const i = frame.next++;
      separate(frame);
      const item = jsonValue(items[i], String(i));
      if (item === undefined) out += 'null';
      else write(item, Array.isArray(frame.order) ? (frame.order as unknown[])[i] : undefined, frame.spellings?.get(i));
    } else {
      if (frame.next >= keys.length) {
        close(frame, '}');
        continue;
      }
      const key = keys[frame.next++] as string;
      const item = jsonValue((frame.value as Record<string, unknown>)[key], key);
      if (item === undefined) continue;
      separate(frame);
      out += indent === '' ? `${JSON.stringify(key)}:` : `${JSON.stringify(key)}: `;
      write(item, ownValue(frame.order, key), frame.spellings?.get(key));
    }
  }
  return out;

  function separate(frame: Frame): void {
    if (frame.written++ > 0) out += ',';
    if (indent !== '') out += `\n${indent.repeat(stack.length)}`;
  }

  function close(frame: Frame, bracket: string): void {
    stack.pop();
    ancestors.delete(frame.value);
    out += frame.written > 0 && indent !== '' ? `\n${indent.repeat(stack.length)}${bracket}` : bracket;
  }
}

/** What JSON.stringify writes for `value` under `key`: after `toJSON`; undefined when it is left out. */
function jsonValue(value: unknown, key: string): unknown {
  let item = value;
  if (typeof item === 'object' && item !== null && typeof (item as { toJSON?: unknown }).toJSON === 'function') {
    item = (item as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return item === undefined || typeof item === 'function' || typeof item === 'symbol' ? undefined : item;
}

/** `object[key]` when `object` is a plain object that has it as its own (so never `Object.prototype` for `"__proto__"`). */
function ownValue(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null && !Array.isArray(object) && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/** `value`'s keys, those `order` has first in its order, then the others in theirs. */
function keysInOrder(value: Container, order: unknown): string[] {
  const own = Object.keys(value);
  if (typeof order !== 'object' || order === null || Array.isArray(order)) return own;
  const before = Object.keys(order);
  if (sameList(own, before)) return own;
  const keys = before.filter((key) => Object.hasOwn(value, key));
  const kept = new Set(keys);
  for (const key of own) if (!kept.has(key)) keys.push(key);
  return keys;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
