/**
 * A small list of (text, kind, path) pieces. The signature renderer builds into it rather
 * than straight into the output because the template measures some of its own output (an
 * array's item type longer than 50 characters becomes `any[]`) before deciding what to write.
 */
import type { FieldPath } from '../../model/path.ts';
import type { SpanKind } from '../types.ts';

export interface Piece {
  text: string;
  kind: SpanKind;
  path: FieldPath;
}

export class Pieces {
  readonly items: Piece[] = [];

  add(text: string, kind: SpanKind, path: FieldPath): void {
    if (text.length > 0) this.items.push({ text, kind, path });
  }

  append(other: Pieces): void {
    for (const piece of other.items) this.items.push(piece);
  }

  text(): string {
    let text = '';
    for (const piece of this.items) text += piece.text;
    return text;
  }
}
