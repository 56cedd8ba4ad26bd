/**
 * Reading and writing inside a record by field path. Paths name model fields (see
 * core/model/path.ts), so walking them over the record (or an immer draft of it) reaches the
 * field they name. Used by the generic field and list actions.
 */
import type { FieldPath } from '../../../core/index.ts';

/** The value at `path`, or undefined when the path does not exist. */
export function getIn(root: unknown, path: FieldPath): unknown {
  let node: unknown = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** The array at `path`, or undefined. */
export function listAt(root: unknown, path: FieldPath): unknown[] | undefined {
  const node = getIn(root, path);
  return Array.isArray(node) ? node : undefined;
}

/** Sets the field at `path` (its parent must exist); `undefined` deletes an optional field. Returns false if the parent is missing. */
export function setIn(root: unknown, path: FieldPath, value: unknown): boolean {
  const parent = getIn(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (parent === null || typeof parent !== 'object' || key === undefined) return false;
  const record = parent as Record<string | number, unknown>;
  if (value === undefined && !Array.isArray(parent)) delete record[key];
  else record[key] = value;
  return true;
}

/** Moves `list[from]` to position `to` (both clamped to the list). */
export function moveInList<T>(list: T[], from: number, to: number): void {
  if (from < 0 || from >= list.length) return;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return;
  const [item] = list.splice(from, 1);
  list.splice(target, 0, item as T);
}
