/**
 * The operations of a fix's edit (model/fix.ts) on plain JSON-like values, without mutating
 * them: every container on the way to a change is copied, the rest is shared (records in the
 * app are frozen by immer and shared with the undo history). A step that cannot be taken (a
 * failed test, a missing container, an index out of range) makes the whole edit fail.
 */
import type { FixOp } from '../model/fix.ts';
import type { FieldPath } from '../model/path.ts';

/** Thrown inside this module only: the edit does not apply to this value. */
class NotApplicable extends Error {}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function child(container: Container, segment: string | number): { found: boolean; value: unknown } {
  if (Array.isArray(container)) {
    if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= container.length) return { found: false, value: undefined };
    return { found: true, value: container[segment] };
  }
  if (typeof segment !== 'string' || !Object.hasOwn(container, segment)) return { found: false, value: undefined };
  return { found: true, value: container[segment] };
}

function lookup(root: unknown, path: FieldPath): { found: boolean; value: unknown } {
  let value = root;
  for (const segment of path) {
    if (!isContainer(value)) return { found: false, value: undefined };
    const next = child(value, segment);
    if (!next.found) return next;
    value = next.value;
  }
  return { found: true, value };
}

/** Deep equality of JSON values (object key order ignored, as JSON equality has it). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const other = b as Record<string, unknown>;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  const otherKeys = Object.keys(other).filter((k) => other[k] !== undefined);
  return keys.length === otherKeys.length && keys.every((k) => Object.hasOwn(other, k) && jsonEqual(a[k], other[k]));
}

/** `root` with the container at `path`'s parent replaced by `change(parent, lastSegment)`, copied along the way. */
function update(root: unknown, path: FieldPath, change: (parent: Container, last: string | number) => Container): unknown {
  if (path.length === 0) throw new NotApplicable();
  const walk = (value: unknown, depth: number): unknown => {
    if (!isContainer(value)) throw new NotApplicable();
    const segment = path[depth] as string | number;
    if (depth === path.length - 1) return change(value, segment);
    const next = child(value, segment);
    if (!next.found) throw new NotApplicable();
    const copy: Container = Array.isArray(value) ? [...value] : { ...value };
    (copy as Record<string | number, unknown>)[segment] = walk(next.value, depth + 1);
    return copy;
  };
  return walk(root, 0);
}

function setIn(root: unknown, path: FieldPath, value: unknown): unknown {
  return update(root, path, (parent, last) => {
    if (Array.isArray(parent)) {
      if (!child(parent, last).found) throw new NotApplicable();
      const copy = [...parent];
      copy[last as number] = value;
      return copy;
    }
    if (typeof last !== 'string') throw new NotApplicable();
    return { ...parent, [last]: value };
  });
}

function removeIn(root: unknown, path: FieldPath): { root: unknown; removed: unknown } {
  let removed: unknown;
  const next = update(root, path, (parent, last) => {
    const found = child(parent, last);
    if (!found.found) throw new NotApplicable();
    removed = found.value;
    if (Array.isArray(parent)) return parent.filter((_, i) => i !== last);
    const copy = { ...parent };
    delete copy[last as string];
    return copy;
  });
  return { root: next, removed };
}

function insertIn(root: unknown, path: FieldPath, value: unknown): unknown {
  return update(root, path, (parent, last) => {
    if (!Array.isArray(parent) || typeof last !== 'number' || !Number.isInteger(last) || last < 0 || last > parent.length) throw new NotApplicable();
    return [...parent.slice(0, last), value, ...parent.slice(last)];
  });
}

/** A value from a fix, copied so that the record never shares an object with the fix (or with another record it was applied to). */
function fresh(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function step(root: unknown, op: FixOp): unknown {
  switch (op.op) {
    case 'test': {
      const found = lookup(root, op.path);
      if (!found.found || !jsonEqual(found.value, op.value)) throw new NotApplicable();
      return root;
    }
    case 'absent':
      if (lookup(root, op.path).found) throw new NotApplicable();
      return root;
    case 'set':
      return setIn(root, op.path, fresh(op.value));
    case 'remove':
      return removeIn(root, op.path).root;
    case 'insert':
      return insertIn(root, op.path, fresh(op.value));
    case 'move': {
      const { root: without, removed } = removeIn(root, op.from);
      const parent = lookup(without, op.path.slice(0, -1));
      return Array.isArray(parent.value) ? insertIn(without, op.path, removed) : setIn(without, op.path, removed);
    }
  }
}

/** `root` after every operation of `edit`, or undefined when one of them does not apply (then nothing changed). */
export function applyEdit(root: unknown, edit: readonly FixOp[]): unknown {
  try {
    let value = root;
    for (const op of edit) value = step(value, op);
    return value;
  } catch (thrown) {
    if (thrown instanceof NotApplicable) return undefined;
    throw thrown;
  }
}
