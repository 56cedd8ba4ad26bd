/**
 * The signature pieces of a tool list, kept from one render to the next while the tools stay
 * the same: the records of a data set mostly share one tool list, and writing its signatures
 * again for every record was about a twentieth of `parley render --jsonl`; the app renders the
 * same conversation again at every edit. The signatures depend on the tool definitions alone
 * (not on the options). The tools are compared with a copy of the last list (the app may change
 * a tool in place): same fields in the same order, ids included, same values (`Object.is`).
 * A list that rendered with diagnostics is not kept: those carry fixes made from that record's
 * tools, and are rare.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { Pieces, type Piece } from './pieces.ts';
import { renderToolSignatures } from './signatures.ts';

let lastTools: Snapshot | undefined;
let lastPieces: readonly Piece[] = [];

/** The pieces of `render_tools(tools)`; its problems are added to `diagnostics`. */
export function toolSignaturePieces(tools: readonly ToolDefinition[], diagnostics: Diagnostic[]): readonly Piece[] {
  if (lastTools !== undefined && matches(tools, lastTools)) return lastPieces;
  const pieces = new Pieces();
  const before = diagnostics.length;
  renderToolSignatures(tools, pieces, diagnostics);
  if (diagnostics.length === before) {
    lastTools = snapshotOf(tools, 0);
    lastPieces = pieces.items;
  }
  return pieces.items;
}

/**
 * A copy of plain data to compare values with: a plain object's keys are listed once here, so
 * that comparing walks the new value's keys without listing them into arrays.
 */
type Snapshot = { keys: string[]; values: Snapshot[] } | { items: Snapshot[] } | { value: unknown };

/** Deeper data is not kept (nor anything circular). */
const MAX_DEPTH = 100;

/** The snapshot of `value`; undefined when it is not plain data (then nothing is kept). */
function snapshotOf(value: unknown, depth: number): Snapshot | undefined {
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
function matches(value: unknown, snapshot: Snapshot): boolean {
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
