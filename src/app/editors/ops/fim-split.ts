/**
 * "Split into FIM segment at cursor": a text part becomes a fill-in-the-middle segment whose
 * prefix is the text before the selection, whose middle is the selection (empty for a caret)
 * and whose suffix is the text after it. Pure; the editor applies it as one edit.
 */
import { fimPart, type FimPart, type TextPart } from '../../../core/index.ts';

/** A selection as a textarea gives it: UTF-16 offsets, `start <= end` (a caret when equal). */
export interface TextSelection {
  start: number;
  end: number;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True when `at` falls between the two halves of one character (an emoji, …). */
function splitsPair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at));
}

/**
 * The three pieces of `text` around `selection`. Offsets are clamped to the text and put in
 * order, and never cut a character in half: the selection grows to whole characters.
 */
export function splitAtSelection(text: string, selection: TextSelection): { prefix: string; middle: string; suffix: string } {
  const clamp = (n: number) => Math.max(0, Math.min(Number.isFinite(n) ? Math.trunc(n) : 0, text.length));
  let start = clamp(Math.min(selection.start, selection.end));
  let end = clamp(Math.max(selection.start, selection.end));
  if (splitsPair(text, start)) start -= 1;
  if (splitsPair(text, end)) end += 1;
  return { prefix: text.slice(0, start), middle: text.slice(start, end), suffix: text.slice(end) };
}

/** The FIM segment that replaces `part` (a new id; the part's unknown fields are kept). */
export function textPartToFim(part: Pick<TextPart, 'text' | 'extra'>, selection: TextSelection): FimPart {
  const { prefix, middle, suffix } = splitAtSelection(part.text, selection);
  const fim = fimPart(prefix, middle, suffix);
  return part.extra === undefined ? fim : { ...fim, extra: part.extra };
}
