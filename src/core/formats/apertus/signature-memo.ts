/**
 * The signature pieces of a tool list, kept from one render to the next while the tools stay
 * the same: the records of a data set mostly share one tool list, and writing its signatures
 * again for every record was about a twentieth of `parley render --jsonl`; the app renders the
 * same conversation again at every edit. The signatures depend on the tool definitions alone
 * (not on the options), and the tools are compared as their JSON text, field order and ids
 * included. What JSON text does not tell apart the signatures write alike (-0 and 0: both are
 * "0"; a field missing or set to undefined). A list that rendered with diagnostics is not kept:
 * those carry fixes made from that record's tools, and are rare.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { Pieces, type Piece } from './pieces.ts';
import { renderToolSignatures } from './signatures.ts';

let lastKey: string | undefined;
let lastPieces: readonly Piece[] = [];

/** The pieces of `render_tools(tools)`; its problems are added to `diagnostics`. */
export function toolSignaturePieces(tools: readonly ToolDefinition[], diagnostics: Diagnostic[]): readonly Piece[] {
  const key = jsonKey(tools);
  if (key !== undefined && key === lastKey) return lastPieces;
  const pieces = new Pieces();
  const before = diagnostics.length;
  renderToolSignatures(tools, pieces, diagnostics);
  if (key !== undefined && diagnostics.length === before) {
    lastKey = key;
    lastPieces = pieces.items;
  }
  return pieces.items;
}

/** The tools as JSON text; undefined when they cannot be written (then nothing is kept). */
function jsonKey(tools: readonly ToolDefinition[]): string | undefined {
  try {
    return JSON.stringify(tools);
  } catch {
    return undefined;
  }
}
