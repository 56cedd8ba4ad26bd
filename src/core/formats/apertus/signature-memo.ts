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

let lastTools: unknown;
let lastPieces: readonly Piece[] = [];

/** The pieces of `render_tools(tools)`; its problems are added to `diagnostics`. */
export function toolSignaturePieces(tools: readonly ToolDefinition[], diagnostics: Diagnostic[]): readonly Piece[] {
  if (lastTools !== undefined && sameData(tools, lastTools)) return lastPieces;
  const pieces = new Pieces();
  const before = diagnostics.length;
  renderToolSignatures(tools, pieces, diagnostics);
  if (diagnostics.length === before) {
    lastTools = copyOf(tools);
    lastPieces = pieces.items;
  }
  return pieces.items;
}

/** A deep copy; undefined for what cannot be copied (then nothing is kept). */
function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/**
 * Whether two values are the same data: plain objects with the same keys in the same order and
 * the same values, arrays item by item, anything else `Object.is`. Another kind of object (a
 * Map, a Date) is never the same: its content is not looked at.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== otherKeys[i] || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
