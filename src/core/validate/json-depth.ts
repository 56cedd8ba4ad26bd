/**
 * How deeply a JSON value nests, checked without recursion, so that hostile input (a share link,
 * a file, a damaged autosave) is refused before any recursive code sees it. Renderers, validators,
 * immer, structured clone and React all walk values recursively: a schema nested a few thousand
 * levels deep overflows the stack of whichever runs first (an 826-character share link did).
 */
import { formatPath, type FieldPath } from '../model/path.ts';

/**
 * Deepest nesting of objects and arrays accepted from outside the app. Real chat data stays far
 * below: a record takes about 8 levels (messages, content, blocks, calls …) and a JSON Schema of
 * arguments two per nested property, so 128 leaves room for 60 nested schema levels. Recursive
 * code overflows Chromium's stack at a few thousand levels, so 128 keeps a wide margin even for
 * code that uses several frames per level or runs deep inside React. (serde_json's default
 * recursion limit is the same 128.)
 */
export const MAX_JSON_DEPTH = 128;

/** Where a value first nests deeper than the limit. */
export interface JsonTooDeep {
  limit: number;
  /** Path from the root to the first object or array that lies past the limit. */
  path: FieldPath;
}

/** Path segments shown before "…" (the full path is as deep as the limit). */
const SHOWN_SEGMENTS = 6;

interface Frame {
  value: object;
  depth: number;
  parent: Frame | undefined;
  key: string | number | undefined;
}

/**
 * The first place where `value` nests more than `limit` objects/arrays deep, or undefined when it
 * does not. Depth counts containers: `1` and `"a"` have depth 0, `{}` and `[]` depth 1, `[[1]]` 2.
 * Iterative (an explicit stack), so it cannot overflow whatever the input. A cycle (not JSON, but
 * possible in a value from IndexedDB) is reported as too deep, since it is infinitely deep.
 */
export function findJsonTooDeep(value: unknown, limit: number = MAX_JSON_DEPTH): JsonTooDeep | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // Nearly every value is within the limit: said without allocating, the walk below only finds where.
  if (!deeperThan(value, limit)) return undefined;
  const stack: Frame[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.depth > limit) return { limit, path: pathOf(frame) };
    // Children are pushed in reverse so that the first is visited first: the reported path is the
    // first in document order. Only containers are pushed (a 50 MB file has millions of scalars).
    if (Array.isArray(frame.value)) {
      const items: unknown[] = frame.value;
      for (let i = items.length - 1; i >= 0; i--) pushChild(stack, frame, i, items[i]);
    } else {
      const record = frame.value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i--) pushChild(stack, frame, keys[i] as string, record[keys[i] as string]);
    }
  }
  return undefined;
}

/**
 * Whether `value` nests more than `limit` containers deep. Recursive, but never more than
 * `limit` + 1 calls deep, so it cannot overflow the stack; no allocation, so that checking every
 * record of a large JSON Lines file costs little (the walk with frames cost the command 5-10 %).
 */
function deeperThan(value: object, limit: number): boolean {
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (typeof item === 'object' && item !== null && deeperThan(item, limit - 1)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && deeperThan(item, limit - 1)) return true;
  }
  return false;
}

function pushChild(stack: Frame[], parent: Frame, key: string | number, child: unknown): void {
  if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: parent.depth + 1, parent, key });
}

function pathOf(frame: Frame): FieldPath {
  const path: (string | number)[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** `nested more than 128 levels deep (at tools[0].parameters.properties.a.properties.a…)` */
export function describeJsonTooDeep(problem: JsonTooDeep): string {
  const shown = formatPath(problem.path.slice(0, SHOWN_SEGMENTS));
  const more = problem.path.length > SHOWN_SEGMENTS ? '…' : '';
  return `nested more than ${problem.limit} levels deep${shown === '' ? '' : ` (at ${shown}${more})`}`;
}
