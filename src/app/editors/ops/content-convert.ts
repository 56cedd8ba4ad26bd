/**
 * Switching a message between plain text, parts, blocks and no content, keeping the text
 * wherever the target can hold it: text ↔ one text part, text ↔ one response block, and
 * blocks → text through the format's own flattening (Apertus `format_assistant_content`, passed
 * in so that this module does not depend on one format). When something cannot be kept, the
 * conversion says what, in a sentence, so the editor can ask first.
 */
import { partText, response, textPart, type Block, type Content, type Part } from '../../../core/index.ts';

export type ContentKind = 'text' | 'parts' | 'blocks' | 'none';

export const CONTENT_KIND_LABELS: Record<ContentKind, string> = { text: 'Text', parts: 'Parts', blocks: 'Blocks', none: 'None' };

export function contentKindOf(content: Content | null | undefined): ContentKind {
  return content == null ? 'none' : content.type;
}

export interface Conversion {
  content: Content | null;
  /** What the conversion drops or flattens, as a sentence; undefined when nothing is lost. */
  loss?: string;
}

/** Structured assistant content as one string (e.g. Apertus' `formatAssistantContent`). */
export type FlattenBlocks = (blocks: readonly Block[]) => string;

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function partsAsText(parts: readonly Part[]): { text: string; loss?: string } {
  const images = parts.filter((p) => p.type === 'image').length;
  const values = parts.filter((p) => p.type === 'value').length;
  const fims = parts.filter((p) => p.type === 'fim').length;
  const extras = parts.filter((p) => p.type === 'text' && p.extra !== undefined).length;
  const lost: string[] = [];
  if (images > 0) lost.push(`${count(images, 'image part')} will be dropped`);
  if (values > 0) lost.push(`${count(values, 'value part')} will become JSON text`);
  if (fims > 0) lost.push(`${count(fims, 'FIM segment')} will become plain text`);
  if (extras > 0) lost.push(`extra fields of ${count(extras, 'text part')} will be dropped`);
  const text = parts.map(partText).join('');
  return lost.length === 0 ? { text } : { text, loss: `${capitalise(lost.join(', '))}.` };
}

function blocksAsText(blocks: readonly Block[], flatten: FlattenBlocks): { text: string; loss?: string } {
  if (blocks.length === 0) return { text: '' };
  const only = blocks[0];
  if (blocks.length === 1 && only?.type === 'response' && only.extra === undefined) return { text: only.text };
  const unknown = blocks.filter((b) => b.type === 'unknown').length;
  const known = blocks.filter((b) => b.type !== 'unknown');
  const parts = [`The ${count(blocks.length, 'block')} will be flattened into one text with the format's special tokens`];
  if (unknown > 0) parts.push(`${count(unknown, 'unknown block')} will be dropped`);
  return { text: flatten(known), loss: `${parts.join('; ')}.` };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text a content holds, as far as it can be read as text, and what reading it loses. */
function asText(content: Content | null | undefined, flatten: FlattenBlocks): { text: string; loss?: string } {
  if (content == null) return { text: '' };
  if (content.type === 'text') return { text: content.text };
  if (content.type === 'parts') return partsAsText(content.parts);
  return blocksAsText(content.blocks, flatten);
}

export function convertContent(content: Content | null | undefined, target: ContentKind, flatten: FlattenBlocks): Conversion {
  const current = contentKindOf(content);
  if (current === target) return { content: content ?? null };
  if (target === 'none') {
    const { text } = asText(content, flatten);
    const empty = text === '' && !(content?.type === 'parts' && content.parts.length > 0) && !(content?.type === 'blocks' && content.blocks.length > 0);
    return empty ? { content: null } : { content: null, loss: 'The content will be removed (content: null).' };
  }
  const { text, loss } = asText(content, flatten);
  const conversion = (next: Content): Conversion => (loss === undefined ? { content: next } : { content: next, loss });
  switch (target) {
    case 'text':
      return conversion({ type: 'text', text });
    case 'parts':
      return conversion({ type: 'parts', parts: [textPart(text)] });
    case 'blocks':
      // An empty message starts with no blocks: the person adds thoughts, calls, … in order.
      return conversion({ type: 'blocks', blocks: text === '' ? [] : [response(text)] });
  }
}
