/**
 * Text a harmony message is made of, before any character is written: each piece with the
 * kind and field it comes from, so that one writer turns every part of the render (system
 * message, tool declarations, message bodies) into spans the same way.
 */
import { info, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Extensible } from '../../model/types.ts';
import { fieldList } from '../../shared/lost-in-conversion.ts';
import { CODES } from './tokens.ts';

export interface Piece {
  text: string;
  kind: 'content' | 'structure';
  path: FieldPath;
}

export const structure = (text: string, path: FieldPath = []): Piece => ({ text, kind: 'structure', path });
export const content = (text: string, path: FieldPath): Piece => ({ text, kind: 'content', path });

/** The pieces' text joined (what a writer would write). */
export function piecesText(pieces: readonly Piece[]): string {
  let text = '';
  for (const piece of pieces) text += piece.text;
  return text;
}

/** `items` with `separator` between each two (harmony joins sections and lines so). */
export function joinPieces(items: readonly Piece[][], separator: string, path: FieldPath = []): Piece[] {
  const out: Piece[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(structure(separator, path));
    out.push(...item);
  });
  return out;
}

/** `not shown in harmony text: the field "model" at extra` (metadata with no place in a harmony message). */
export function notShown(out: Diagnostic[], node: Extensible, path: FieldPath): void {
  const keys = Object.keys(node.extra ?? {});
  if (keys.length === 0) return;
  const at = [...path, 'extra'];
  out.push(info(CODES.notShown, `not shown in harmony text: ${fieldList(keys)} at ${formatPath(at)} (a harmony message has no place for a source's other fields)`, at, undefined, 'content'));
}
