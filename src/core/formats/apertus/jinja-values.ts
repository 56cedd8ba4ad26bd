/**
 * How `@huggingface/jinja` 0.5.11 (the reference renderer) sees the raw JSON values of a tool's
 * JSON Schema: member access, truthiness, `==` against a string, `+`, `|join`, `|tojson`,
 * `in` and `{{ }}` output. Only the tool schemas reach the template as raw JSON (everything
 * else is typed by the model), so only the signature renderer uses these.
 *
 * Operations that make the reference throw call `fail` with its reason and return a
 * best-effort value, so that the preview keeps rendering.
 */

/** A builtin method found by member access (a dict's `items` when it has no `items` key). */
export const BUILTIN: unique symbol = Symbol('jinja builtin');

export type Fail = (reason: string) => void;

type Mapping = Record<string, unknown>;

// Names the reference resolves to methods when the value lacks them as keys.
const OBJECT_METHODS = new Set(['get', 'items', 'keys', 'values', 'dictsort']);
const STRING_METHODS = new Set(['upper', 'lower', 'strip', 'title', 'capitalize', 'rstrip', 'lstrip', 'startswith', 'endswith', 'split', 'replace']);

export function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value.key` / `value['key']`. */
export function member(value: unknown, key: string): unknown {
  if (isMapping(value)) {
    if (Object.hasOwn(value, key)) return value[key];
    return OBJECT_METHODS.has(key) ? BUILTIN : undefined;
  }
  if (typeof value === 'string') {
    if (key === 'length') return value.length;
    return STRING_METHODS.has(key) ? BUILTIN : undefined;
  }
  if (Array.isArray(value)) return key === 'length' ? value.length : undefined;
  return undefined;
}

/** Python truthiness, as the reference implements it (empty list and dict are false). */
export function truthy(value: unknown): boolean {
  if (value === BUILTIN) return true;
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * `value == "literal"`. The reference compares with JavaScript's loose `==` on its inner values,
 * so a one-element list `["array"]` equals `"array"` (the list's JS string form is its item).
 */
export function equalsString(value: unknown, literal: string): boolean {
  if (typeof value === 'string') return value === literal;
  if (Array.isArray(value)) return value.map(runtimeString).join(',') === literal;
  if (isMapping(value)) return literal === '[object Map]';
  return false;
}

/**
 * A value's `toString()` inside the reference (what `{{ value }}` writes, except that null and
 * undefined write nothing). The reference builds its null value without an inner value, so its
 * `toString()` is `String(undefined)`: a null list item concatenated or compared as text is
 * "undefined" (inside `tojson`, as in a nested list, it is "null").
 */
export function runtimeString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'undefined';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return toJson(value, false);
  return String(value);
}

/** What `{{ value }}` writes. */
export function outputString(value: unknown): string {
  return value === null || value === undefined ? '' : runtimeString(value);
}

/** The string a value contributes to `a + b` when the other side is a string. */
function concatString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(runtimeString).join(',');
  if (isMapping(value)) return '[object Map]';
  return String(value);
}

/** `left + right` where one side is a string (the only kind of `+` in the template). */
export function concat(left: unknown, right: unknown, fail: Fail): string {
  if (left === undefined || right === undefined) fail('Cannot perform operation + on undefined values');
  else if (left === null || right === null) fail('Cannot perform operation on null values');
  return (left == null ? '' : concatString(left)) + (right == null ? '' : concatString(right));
}

/** `value | tojson`: JSON with Python's `", "` and `": "` separators, non-ASCII kept. */
export function toJson(value: unknown, undefinedAsNull = true): string {
  if (value === undefined) return undefinedAsNull ? 'null' : 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) items.push(toJson(item, undefinedAsNull));
    return `[${items.join(', ')}]`;
  }
  const entries: string[] = [];
  for (const [key, item] of Object.entries(value)) entries.push(`${JSON.stringify(key)}: ${toJson(item, undefinedAsNull)}`);
  return `{${entries.join(', ')}}`;
}

/** `value | join(separator)`: a string joins its characters; list items join by their JS string form. */
export function join(value: unknown, separator: string, fail: Fail): string {
  if (typeof value === 'string') return Array.from(value).join(separator);
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => {
        if (item === null || item === undefined) return '';
        if (Array.isArray(item)) return item.map(runtimeString).join(',');
        if (isMapping(item)) return '[object Map]';
        return String(item);
      })
      .join(separator);
  }
  fail(`Cannot apply filter "join" to type: ${kindOf(value)}`);
  return '';
}

/** `name not in (container or [])`; an unusable container makes the reference throw. */
export function notIn(name: string, container: unknown, fail: Fail): boolean {
  const target = truthy(container) ? container : [];
  if (Array.isArray(target)) return !target.some((item) => item === name);
  if (typeof target === 'string') return !target.includes(name);
  if (isMapping(target)) return !Object.hasOwn(target, name);
  fail(`Unknown operator "not in" between StringValue and ${kindOf(target)}`);
  return true;
}

/** The items a `for` loop visits: a list's items, a dict's keys (with the key as index). */
export function loopItems(value: unknown, fail: Fail): [key: string | number, item: unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (isMapping(value)) return Object.keys(value).map((key) => [key, key]);
  fail(`Expected iterable or object type in for loop: got ${kindOf(value)}`);
  return [];
}

/** `mapping.items()`: only a dict without an own `items` key has the method. */
export function dictItems(value: unknown, fail: Fail): [string, unknown][] {
  if (isMapping(value) && !Object.hasOwn(value, 'items')) return Object.entries(value);
  const method = member(value, 'items');
  fail(`Cannot call something that is not a function: got ${kindOf(method)}`);
  // Best effort: the entries Python's jinja2 would visit.
  return isMapping(value) ? Object.entries(value) : [];
}

/** The reference's name for a value's type, as its error messages say it. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'UndefinedValue';
  if (value === null) return 'NullValue';
  if (value === BUILTIN) return 'FunctionValue';
  if (typeof value === 'string') return 'StringValue';
  if (typeof value === 'number') return Number.isInteger(value) ? 'IntegerValue' : 'FloatValue';
  if (typeof value === 'boolean') return 'BooleanValue';
  if (Array.isArray(value)) return 'ArrayValue';
  return 'ObjectValue';
}
