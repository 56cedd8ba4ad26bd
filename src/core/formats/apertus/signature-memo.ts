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
import { matches, snapshotOf, type Snapshot } from '../../shared/data-snapshot.ts';

let lastTools: Snapshot | undefined;
let lastPieces: readonly Piece[] = [];

/** The pieces of `render_tools(tools)`; its problems are added to `diagnostics`. */
export function toolSignaturePieces(tools: readonly ToolDefinition[], diagnostics: Diagnostic[]): readonly Piece[] {
  if (lastTools !== undefined && matches(tools, lastTools)) return lastPieces;
  const pieces = new Pieces();
  const before = diagnostics.length;
  renderToolSignatures(tools, pieces, diagnostics);
  if (diagnostics.length === before) {
    lastTools = snapshotOf(tools);
    lastPieces = pieces.items;
  }
  return pieces.items;
}
