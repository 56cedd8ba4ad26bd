/**
 * The rendered text cut at Apertus special tokens, and positions for diagnostics.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { warning } from '../../model/diagnostic.ts';
import { PARSE_CODES } from './parse-codes.ts';
import { TOKENS } from './tokens.ts';

export type TokenName = keyof typeof TOKENS;

/** A special token, or the text between two of them. */
export type Piece =
  | { kind: 'token'; name: TokenName; start: number; end: number }
  | { kind: 'text'; text: string; start: number; end: number };

const BY_TEXT = new Map<string, TokenName>(Object.entries(TOKENS).map(([name, token]) => [token, name as TokenName]));

/** Cuts `text` at every special token (each begins with `<|`), from `start`. */
export function tokenize(text: string, start = 0): Piece[] {
  const pieces: Piece[] = [];
  let textStart = start;
  let i = text.indexOf('<|', start);
  while (i !== -1) {
    const close = text.indexOf('|>', i + 2);
    if (close === -1) break;
    const name = BY_TEXT.get(text.slice(i, close + 2));
    if (name === undefined) {
      i = text.indexOf('<|', i + 2);
      continue;
    }
    if (i > textStart) pieces.push({ kind: 'text', text: text.slice(textStart, i), start: textStart, end: i });
    pieces.push({ kind: 'token', name, start: i, end: close + 2 });
    textStart = close + 2;
    i = text.indexOf('<|', textStart);
  }
  if (textStart < text.length) pieces.push({ kind: 'text', text: text.slice(textStart), start: textStart, end: text.length });
  return pieces;
}

/** `line 3, column 5` (1-based) of an offset, for people. */
export function position(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1} (offset ${offset})`;
}

/** The source text of pieces [from, to), special tokens included. */
export function sourceOf(text: string, pieces: readonly Piece[], from: number, to: number): string {
  const first = pieces[from];
  const last = pieces[to - 1];
  return first === undefined || last === undefined || to <= from ? '' : text.slice(first.start, last.end);
}

/**
 * The text of a message field spanning pieces [from, to). Special tokens inside (which the
 * template never writes there) are kept as literal text, with a warning each.
 */
export function fieldText(text: string, pieces: readonly Piece[], from: number, to: number, what: string, out: Diagnostic[]): string {
  for (let i = from; i < to; i++) {
    const piece = pieces[i];
    if (piece?.kind === 'token') out.push(warning(PARSE_CODES.literalToken, `${position(text, piece.start)}: ${TOKENS[piece.name]} inside ${what}; kept as literal text.`));
  }
  return sourceOf(text, pieces, from, to);
}
