/**
 * The template's own text between fields, split into special tokens and the rest, for shading:
 * the special tokens of the variables (`bos_token`, `eos_token`, … any string variable whose
 * name ends in `_token`) and the shapes most vocabularies give their specials (`<|name|>`,
 * `<s>`, `</s>`, `[INST]`, `[/INST]`). A guess about kind only (not about fields), which the
 * preview uses for colour.
 */
import type { SpanKind } from '../types.ts';

const COMMON_SPECIAL = /<\|[^|\s<>]{1,48}\|>|<\/?s>|\[\/?INST\]|<start_of_turn>|<end_of_turn>/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The matcher for one render's variables. */
export function specialMatcher(variables: Readonly<Record<string, unknown>>): RegExp {
  const own = Object.entries(variables)
    .filter(([key, value]) => key.endsWith('_token') && typeof value === 'string' && value.length > 0)
    .map(([, value]) => escapeRegExp(value as string))
    .sort((a, b) => b.length - a.length);
  return own.length === 0 ? COMMON_SPECIAL : new RegExp(`${own.join('|')}|${COMMON_SPECIAL.source}`, 'g');
}

export function gapPieces(text: string, special: RegExp): { text: string; kind: SpanKind }[] {
  const pieces: { text: string; kind: SpanKind }[] = [];
  let last = 0;
  special.lastIndex = 0;
  for (const match of text.matchAll(special)) {
    if (match[0] === '') continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), kind: 'structure' });
    pieces.push({ text: match[0], kind: 'special' });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), kind: 'structure' });
  return pieces;
}
