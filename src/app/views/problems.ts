/**
 * The problems of a text typed in a view, placed in that text: a parse diagnostic with the
 * range to mark, or none when the diagnostic says nowhere (it is listed above the editor).
 */
import type { Diagnostic } from '../../core/index.ts';
import type { TextRange } from './json-locate.ts';

export interface Problem {
  diagnostic: Diagnostic;
  /** Where in the typed text; undefined when the diagnostic does not say. */
  range?: TextRange;
}

/**
 * The token formats' parsers say where a problem is in the message itself ("line 3, column 11:
 * …", Apertus adds "(offset 42)"): diagnostics have no field for a text position, and their
 * paths name model fields, which a text that does not parse has none of.
 */
const OFFSET = /\(offset (\d+)\)/;
const LINE_COLUMN = /\bline (\d+), column (\d+)/;

/** The offset a parse diagnostic names in `text`, if it names one. */
export function offsetInMessage(text: string, message: string): number | undefined {
  const offset = OFFSET.exec(message);
  if (offset) return Math.min(Number(offset[1]), text.length);
  const at = LINE_COLUMN.exec(message);
  if (!at) return undefined;
  let lineStart = 0;
  for (let line = 1; line < Number(at[1]); line++) {
    const next = text.indexOf('\n', lineStart);
    if (next === -1) return text.length;
    lineStart = next + 1;
  }
  const lineEnd = text.indexOf('\n', lineStart);
  return Math.min(lineStart + Number(at[2]) - 1, lineEnd === -1 ? text.length : lineEnd);
}

/** From `offset` to the end of the word there (at least one character, never past the line). */
export function wordRangeAt(text: string, offset: number): TextRange {
  let end = offset;
  while (end < text.length && !/\s/.test(text.charAt(end)) && end - offset < 80) end++;
  return { start: offset, end: Math.max(end, Math.min(offset + 1, text.length)) };
}

/** Problems of a token-format parse: each diagnostic at the position its message names. */
export function placeParseDiagnostics(text: string, diagnostics: readonly Diagnostic[]): Problem[] {
  return diagnostics.map((diagnostic) => {
    const offset = offsetInMessage(text, diagnostic.message);
    return offset === undefined ? { diagnostic } : { diagnostic, range: wordRangeAt(text, offset) };
  });
}
