/** Part-level actions beyond the generic list ones: splitting text into a FIM segment. */
import type { Content, FieldPath, TextPart } from '../../../core/index.ts';
import { textPartToFim, type TextSelection } from '../ops/fim-split.ts';
import { setField, valueAt } from './record-actions.ts';

/** A text part, or plain text content: both are `{type: "text", text}`. */
function isText(value: unknown): value is Pick<TextPart, 'type' | 'text' | 'extra'> {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'text' && typeof (value as { text?: unknown }).text === 'string';
}

/**
 * Replaces the text part at `partPath` with the FIM segment around `selection`: one undo step.
 * Reads the committed part (not a rendered copy), so a split right after typing keeps every
 * character. Returns false when there is no text part there.
 */
export function splitTextPartIntoFim(partPath: FieldPath, selection: TextSelection): boolean {
  const part = valueAt(partPath);
  if (!isText(part)) return false;
  setField(partPath, textPartToFim(part, selection), true);
  return true;
}

/**
 * The same for a message's plain text content at `contentPath`: the content becomes parts
 * holding the one FIM segment (a FIM segment is a part). Its unknown fields stay on the content;
 * the Apertus mapping form does not apply to parts and is dropped. One undo step.
 */
export function splitTextContentIntoFim(contentPath: FieldPath, selection: TextSelection): boolean {
  const content = valueAt(contentPath);
  if (!isText(content)) return false;
  const { extra } = content;
  const fim = textPartToFim({ text: content.text }, selection);
  const parts: Content = extra === undefined ? { type: 'parts', parts: [fim] } : { type: 'parts', parts: [fim], extra };
  setField(contentPath, parts, true);
  return true;
}
