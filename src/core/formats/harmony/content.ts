/**
 * A message's content → the pieces of a harmony message body. Harmony bodies are text: an
 * image has no place (reported, left out), a value part is written as its JSON text, a
 * fill-in-the-middle segment as its three texts in a row.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Part } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { content, notShown, type Piece } from './pieces.ts';
import { valuePartWhat } from '../../model/part-words.ts';

function partPieces(part: Part, path: FieldPath, out: Diagnostic[]): Piece[] {
  notShown(out, part, path);
  switch (part.type) {
    case 'text':
      return [content(part.text, [...path, 'text'])];
    case 'image':
      out.push(lostInConversion('an image', 'harmony messages are text; it is not rendered', path));
      return [];
    case 'value':
      out.push(lostInConversion(valuePartWhat(part), 'harmony messages are text; rendered as its JSON text', path));
      return [content(JSON.stringify(part.value) ?? 'null', [...path, 'value'])];
    case 'fim':
      out.push(lostInConversion('a fill-in-the-middle segment', 'harmony has no FIM markers; rendered as prefix, middle and suffix in a row', path));
      return [content(part.prefix, [...path, 'prefix']), content(part.middle, [...path, 'middle']), content(part.suffix, [...path, 'suffix'])];
  }
}

/** The body pieces of text or parts content; blocks keep their text (the caller expands assistant blocks). */
export function contentPieces(value: Content | null | undefined, path: FieldPath, out: Diagnostic[]): Piece[] {
  if (value == null) return [];
  if (value.type === 'text') return [content(value.text, path)];
  if (value.type === 'parts') return value.parts.flatMap((part, j) => partPieces(part, [...path, 'parts', j], out));
  return value.blocks.flatMap((block, j): Piece[] => {
    const blockPath = [...path, 'blocks', j];
    if (block.type === 'response' || block.type === 'thoughts') {
      notShown(out, block, blockPath);
      return [content(block.text, [...blockPath, 'text'])];
    }
    out.push(lostInConversion(`a ${block.type === 'unknown' ? block.sourceType : block.type} block`, 'harmony has no such block in this role; it is not rendered', blockPath));
    return [];
  });
}
