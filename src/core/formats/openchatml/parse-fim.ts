/**
 * Text → text and FIM parts. A segment is the three FIM tokens in the order in use, each
 * followed by its field; the last field runs to the start of the next segment (or the end), so
 * text after a segment belongs to it, exactly as the renderer writes parts one after another.
 * Tokens that do not form a segment stay in the text: the text renders back the same either way.
 */
import { newId } from '../../model/ids.ts';
import type { FimPart, Part } from '../../model/types.ts';
import { FIM_FIELDS, FIM_TOKEN, type FimField } from './fim.ts';
import type { FimOrder } from './options.ts';
import { TOKENS } from './tokens.ts';

/** The order of the first FIM segment in `text`, or undefined when it has none. */
export function detectFimOrder(text: string): FimOrder | undefined {
  const prefix = text.indexOf(TOKENS.fimPrefix);
  const suffix = text.indexOf(TOKENS.fimSuffix);
  const middle = text.indexOf(TOKENS.fimMiddle);
  if (prefix === -1 || suffix === -1 || middle === -1) return undefined;
  if (suffix < prefix) return middle > prefix ? 'spm' : undefined;
  if (middle < prefix) return undefined;
  return middle < suffix ? 'spec' : 'psm';
}

export function hasFimToken(text: string): boolean {
  return text.includes(TOKENS.fimPrefix) || text.includes(TOKENS.fimMiddle) || text.includes(TOKENS.fimSuffix);
}

/** `text` as parts (text, then segments), or undefined when it holds no segment (plain text). */
export function parseFimParts(text: string, order: FimOrder): Part[] | undefined {
  const fields = FIM_FIELDS[order];
  const tokens = fields.map((field) => FIM_TOKEN[field]);
  const [first, second, third] = tokens as [string, string, string];
  const parts: Part[] = [];
  let at = text.indexOf(first);
  let textStart = 0;
  while (at !== -1) {
    const secondAt = text.indexOf(second, at + first.length);
    const thirdAt = secondAt === -1 ? -1 : text.indexOf(third, secondAt + second.length);
    if (thirdAt === -1) break;
    const next = text.indexOf(first, thirdAt + third.length);
    const end = next === -1 ? text.length : next;
    if (at > textStart) parts.push({ id: newId('p'), type: 'text', text: text.slice(textStart, at) });
    const values: Record<FimField, string> = { prefix: '', middle: '', suffix: '' };
    values[fields[0] as FimField] = text.slice(at + first.length, secondAt);
    values[fields[1] as FimField] = text.slice(secondAt + second.length, thirdAt);
    values[fields[2] as FimField] = text.slice(thirdAt + third.length, end);
    const part: FimPart = { id: newId('p'), type: 'fim', ...values };
    parts.push(part);
    textStart = end;
    at = next;
  }
  if (parts.length === 0) return undefined;
  if (textStart < text.length) parts.push({ id: newId('p'), type: 'text', text: text.slice(textStart) });
  return parts;
}
