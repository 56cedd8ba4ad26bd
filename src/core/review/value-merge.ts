/**
 * The merge of one JSON value changed by several sides, field by field, as a three-way merge
 * does: what no side changed stays; what one side changed (or several sides changed the same
 * way) is taken; a field two sides changed differently is a conflict at its path, where the
 * base's value is kept until the conflict is resolved. Objects are merged key by key (a key a
 * side removed is a change to "absent"); arrays item by item when every version has the same
 * length (a message edited by one side and another message by the other both stay), else the
 * array is one value.
 */

/** A step of a path: an object key or an array index. */
export type PathStep = string | number;

export interface ValueConflict {
  path: PathStep[];
  base: unknown;
  /** Each side's value at the path (undefined: absent), in the sides' order. */
  sides: unknown[];
}

/** Marks a key a version does not have (distinct from JSON null). */
const ABSENT = undefined;

export function mergeValues(base: unknown, sides: readonly unknown[]): { value: unknown; conflicts: ValueConflict[] } {
  const conflicts: ValueConflict[] = [];
  const value = merge(base, sides, [], conflicts);
  return { value, conflicts };
}

function merge(base: unknown, sides: readonly unknown[], path: PathStep[], conflicts: ValueConflict[]): unknown {
  const baseKey = canonical(base);
  const changed = new Map<string, unknown>();
  for (const side of sides) {
    const key = canonical(side);
    if (key !== baseKey && !changed.has(key)) changed.set(key, side);
  }
  if (changed.size === 0) return base;
  if (changed.size === 1) return [...changed.values()][0];
  const all = [base, ...sides];
  if (all.every(isPlainObject)) {
    const objects = all as Record<string, unknown>[];
    const keys = [...new Set(objects.flatMap((object) => Object.keys(object)))];
    const pairs: [string, unknown][] = [];
    for (const key of keys) {
      const at = (object: Record<string, unknown>): unknown => (Object.hasOwn(object, key) ? object[key] : ABSENT);
      const merged = merge(at(objects[0] as Record<string, unknown>), objects.slice(1).map(at), [...path, key], conflicts);
      if (merged !== ABSENT) pairs.push([key, merged]);
    }
    return Object.fromEntries(pairs);
  }
  if (all.every(Array.isArray) && all.every((array) => (array as unknown[]).length === (base as unknown[]).length)) {
    return (base as unknown[]).map((item, i) => merge(item, sides.map((side) => (side as unknown[])[i]), [...path, i], conflicts));
  }
  conflicts.push({ path, base, sides: [...sides] });
  return base;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are equal, whatever their objects' key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A text equal for equal JSON values whatever their key order ("absent" has its own). */
function canonical(value: unknown): string {
  if (value === ABSENT) return '\u0000absent';
  return JSON.stringify(value, (_key, v: unknown) => (isPlainObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}

/** A path as text: `messages[2].content`, `["odd key"]`; the whole record: `(record)`. */
export function pathText(path: readonly PathStep[]): string {
  if (path.length === 0) return '(record)';
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : /^[A-Za-z_$][\w$]*$/.test(step) ? (i === 0 ? step : `.${step}`) : `[${JSON.stringify(step)}]`)).join('');
}

/** `value` with `replacement` put at `path` (undefined: the key removed); the input is not changed. */
export function setAtPath(value: unknown, path: readonly PathStep[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [PathStep, ...PathStep[]];
  if (Array.isArray(value) && typeof step === 'number') return value.map((item, i) => (i === step ? setAtPath(item, rest, replacement) : item));
  if (isPlainObject(value) && typeof step === 'string') {
    const inner = setAtPath(Object.hasOwn(value, step) ? value[step] : undefined, rest, replacement);
    const pairs = Object.entries(value).filter(([key]) => key !== step || inner !== ABSENT);
    const out = Object.fromEntries(pairs.map(([key, v]) => [key, key === step ? inner : v]));
    // defineProperty: a key named "__proto__" is a key, not the prototype.
    if (!Object.hasOwn(value, step) && inner !== ABSENT) Object.defineProperty(out, step, { value: inner, enumerable: true, writable: true, configurable: true });
    return out;
  }
  throw new Error(`setAtPath: ${pathText(path)} is not in the value`);
}
