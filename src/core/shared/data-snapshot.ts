/**
 * A snapshot of plain JSON-like data, to tell cheaply whether a later value is the same data:
 * for a memo that is kept while its input stays the same (the tool signatures of a render, the
 * clean check's verdict on a tools list), where a data set's records mostly repeat the last
 * record's value. A copy, so that a value changed in place (the app edits in place) is seen.
 */

/**
 * A copy of plain data to compare values with: a plain object's keys are listed once here, so
 * that comparing walks the new value's keys without listing them into arrays.
 */
export type Snapshot = { keys: string[]; values: Snapshot[] } | { items: Snapshot[] } | { value: unknown };

/** Deeper data is not kept (nor anything circular). */
const MAX_DEPTH = 100;

/** The snapshot of `value`; undefined when it is not plain data (then nothing is kept). */
export function snapshotOf(value: unknown, depth = 0): Snapshot | undefined {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? undefined : { value };
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const items: Snapshot[] = [];
    for (const item of value) {
      const snapshot = snapshotOf(item, depth + 1);
      if (snapshot === undefined) return undefined;
      items.push(snapshot);
    }
    return { items };
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const keys = Object.keys(value);
  const values: Snapshot[] = [];
  for (const key of keys) {
    const snapshot = snapshotOf((value as Record<string, unknown>)[key], depth + 1);
    if (snapshot === undefined) return undefined;
    values.push(snapshot);
  }
  return { keys, values };
}

/**
 * Whether `value` is the data of `snapshot`: plain objects with the same keys in the same
 * order and the same values, arrays item by item, anything else `Object.is`.
 */
export function matches(value: unknown, snapshot: Snapshot): boolean {
  if ('value' in snapshot) return Object.is(value, snapshot.value);
  if (typeof value !== 'object' || value === null) return false;
  if ('items' in snapshot) {
    if (!Array.isArray(value) || value.length !== snapshot.items.length) return false;
    for (let i = 0; i < value.length; i++) if (!matches(value[i], snapshot.items[i] as Snapshot)) return false;
    return true;
  }
  if (Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const { keys, values } = snapshot;
  let i = 0;
  // A plain object's for…in gives its own keys in Object.keys order (Object.prototype has no enumerable keys).
  for (const key in value) {
    if (key !== keys[i] || !matches((value as Record<string, unknown>)[key], values[i] as Snapshot)) return false;
    i += 1;
  }
  return i === keys.length;
}
