import type { Content, Part } from './types.ts';

/** The plain text of a part, as a format without structure would show it. */
export function partText(part: Part): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'fim':
      return part.prefix + part.middle + part.suffix;
    case 'image':
      return '';
    case 'value':
      return JSON.stringify(part.value);
  }
}

/** The text of text content, or of text parts joined; undefined for blocks or no content. */
export function contentText(content: Content | null | undefined): string | undefined {
  if (content == null) return undefined;
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') return content.parts.map(partText).join('');
  return undefined;
}
